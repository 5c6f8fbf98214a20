import ArgumentParser
import ShoppingCore
import ShoppingService

/// What `sort --by` takes: the core's orders, and the shop order.
enum SortKey: String, CaseIterable, ExpressibleByArgument {
  case name, category, checked, added, aisle

  var intent: ListIntent {
    switch self {
    case .name: .sort(.name)
    case .category: .sort(.category)
    case .checked: .sort(.checked)
    case .added: .sort(.added)
    case .aisle: .sortByAisle
    }
  }
}

struct SortCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort",
    abstract: "Reorder the list for good.",
    discussion: """
      name compares as people read: case and accents ignored, numbers by value (item 2 before \\
      item 10). aisle follows the shop order (see `shoplist aisles`). Every order keeps items \\
      that compare equal in their current order.

      Examples:
        shoplist sort --by category
        shoplist sort --by aisle
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: "name, category, checked, added or aisle.")
  var by: SortKey

  func run(in context: CommandContext) throws {
    try context.change(by.intent) { outcome in "sorted \(outcome.list.name) by \(by.rawValue)" }
  }
}
