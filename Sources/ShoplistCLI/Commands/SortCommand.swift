import ArgumentParser
import ShoppingCore

extension ProductOrder: ExpressibleByArgument {}

struct SortCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort",
    abstract: "Reorder the list for good.",
    discussion: """
      name compares as people read: case and accents ignored, numbers by value (item 2 before \\
      item 10). Every order keeps items that compare equal in their current order.

      Example:
        shoplist sort --by category
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: "name, category, checked or added.")
  var by: ProductOrder

  func run(in context: CommandContext) throws {
    try context.change(.sort(by)) { outcome in "sorted \(outcome.list.name) by \(by.rawValue)" }
  }
}
