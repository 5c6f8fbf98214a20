import ArgumentParser

struct RedoCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "redo",
    abstract: "Re-apply the change most recently undone.",
    discussion: "Example:\n  shoplist undo && shoplist redo"
  )

  @OptionGroup var global: GlobalOptions

  static var grammar: QuickGrammar<RedoCommand> {
    var grammar = QuickGrammar<RedoCommand>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.assignDefaults)
    }
    return grammar
  }

  func run(in context: CommandContext) throws {
    let (redone, _) = try context.openService().redo(label: context.label)
    try context.say("redid #\(redone.id) \(redone.command)")
  }
}
