import ArgumentParser

struct UndoCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Take back a change: the newest, or the history entry ID.",
    discussion: """
      Every list is then exactly as before the change: removed items are back in their \
      places with their ids and timestamps, a deleted list with its items, renamed ones with \
      their old names. The undo is recorded too (`shoplist redo` takes it back). An entry \
      whose items a later change touched again is refused: undo the later one first.

      Examples:
        shoplist undo
        shoplist undo 12
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The history entry to take back (see shoplist history).", valueName: "id"))
  var id: Int?

  static var grammar: QuickGrammar<UndoCommand> {
    var grammar = QuickGrammar<UndoCommand>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.positionals = { command, values in
      guard values.count <= 1 else { return false }
      guard let text = values.first else { return true }
      guard let id = Int(text) else { return false }
      command.id = id
      return true
    }
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.assignDefaults)
      command.id = nil
    }
    return grammar
  }

  func run(in context: CommandContext) throws {
    let (undone, _) = try context.openService().undo(id, label: context.label)
    try context.say("undid #\(undone.id) \(undone.command)")
  }
}
