import ArgumentParser

struct RedoCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo",
    abstract: "Re-apply the change most recently undone.",
    discussion: "Example:\n  shoplist undo && shoplist redo"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let (redone, _) = try context.openService().redo(label: context.label)
    try context.say("redid #\(redone.id) \(redone.command)")
  }
}
