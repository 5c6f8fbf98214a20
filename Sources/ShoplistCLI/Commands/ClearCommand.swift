import ArgumentParser

struct ClearCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear",
    abstract: "Remove every checked item (the basket after shopping).",
    discussion: "Example:\n  shoplist clear"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    try context.change(.clearChecked) { outcome in
      "cleared \(Describe.count(outcome.items.count, "checked item")) from \(outcome.list.name)"
    }
  }
}
