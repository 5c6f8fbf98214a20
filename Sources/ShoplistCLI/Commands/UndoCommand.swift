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

  /// What `undo` reads: the options as plain values.
  struct Values: QuickValues {
    var settings = CommandSettings()
    var id: Int?
  }

  var values: Values { Values(settings: global.settings, id: id) }

  static var grammar: QuickGrammar<Values> {
    var grammar = QuickGrammar<Values>()
    grammar.positionals = { values, arguments in
      guard arguments.count <= 1 else { return false }
      guard let text = arguments.first else { return true }
      guard let id = Int(text) else { return false }
      values.id = id
      return true
    }
    return grammar
  }

  static func run(_ values: Values, in context: CommandContext) throws {
    let (undone, _) = try context.openService().undo(values.id, label: context.label)
    try context.say("undid #\(undone.id) \(undone.command)")
  }
}
