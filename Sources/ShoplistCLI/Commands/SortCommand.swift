import ArgumentParser
import ShoppingCore
import ShoppingService

/// What `sort --by` takes: the core's orders, and a shop's order.
enum SortKey: String, CaseIterable, ExpressibleByArgument {
  case name, category, checked, added, aisle

  /// The intent, with the shop `--shop` names for `aisle`.
  func intent(shop: String?) -> ListIntent {
    switch self {
    case .name: .sort(.name)
    case .category: .sort(.category)
    case .checked: .sort(.checked)
    case .added: .sort(.added)
    case .aisle: .sortByAisle(shop: shop)
    }
  }
}

struct SortCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort",
    abstract: "Reorder the list for good.",
    discussion: """
      name compares as people read: case and accents ignored, numbers by value (item 2 before \
      item 10). aisle follows a shop's order (see `shoplist aisles`): --shop's, else the \
      list's shop's (`shoplist lists shop`), else the default shop's. Every order keeps items \
      that compare equal in their current order.

      Examples:
        shoplist sort --by category
        shoplist sort --by aisle
        shoplist sort --by aisle --shop Lidl
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: "name, category, checked, added or aisle.")
  var by: SortKey
  @Option(
    help: "With --by aisle: the shop whose order to follow.",
    completion: .custom(Completions.shopNames))
  var shop: String?

  func validate() throws {
    if shop != nil, by != .aisle { throw ValidationError("--shop goes with --by aisle") }
  }

  func run(in context: CommandContext) throws {
    try context.change(by.intent(shop: shop)) { outcome in
      "sorted \(outcome.list.name) by \(by.rawValue)"
    }
  }
}
