import ArgumentParser

struct ResetCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Uncheck every item (reuse the list next week).",
    discussion: "Example:\n  shoplist reset"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    try context.change(.resetChecks) { outcome in
      "unchecked \(Describe.count(outcome.items.count, "item")) in \(outcome.list.name)"
    }
  }
}
