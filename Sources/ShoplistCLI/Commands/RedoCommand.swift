import ArgumentParser

struct RedoCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "redo",
    abstract: "Re-apply the change most recently undone.",
    discussion: "Example:\n  shoplist undo && shoplist redo"
  )

  @OptionGroup var global: GlobalOptions

  /// What `redo` reads: the global options alone.
  struct Values: QuickValues {
    var settings = CommandSettings()
  }

  var values: Values { Values(settings: global.settings) }

  /// Only the global options.
  static var grammar: QuickGrammar<Values> { QuickGrammar() }

  static func run(_ values: Values, in context: CommandContext) throws {
    let (redone, _) = try context.openService().redo(label: context.label)
    try context.say("redid #\(redone.id) \(redone.command)")
  }
}
