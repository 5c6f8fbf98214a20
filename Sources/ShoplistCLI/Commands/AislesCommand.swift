import ArgumentParser
import ShoppingCore
import ShoppingTransfer

struct AislesCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "aisles",
    abstract: "Show or set the order in which categories come in your shop.",
    discussion: """
      With categories, stores them as the shop order (for every list); alone, prints it. \\
      `sort --by aisle` then puts the list in that order for good, and `list --by-aisle` \\
      shows it under category headings without changing it. Categories the order does not \\
      name come after those, by name; items without a category last.

      Examples:
        shoplist aisles produce bakery dairy frozen
        shoplist sort --by aisle
        shoplist list --by-aisle
        shoplist aisles --clear
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The categories, first met first.")
  var categories: [String] = []
  @Flag(help: "Forget the shop order.")
  var clear = false

  func validate() throws {
    if clear, !categories.isEmpty {
      throw ValidationError("--clear takes no categories")
    }
  }

  func run(in context: CommandContext) throws {
    if categories.isEmpty, !clear {
      let order = try context.openService(access: .read).shopOrder()
      try context.report(text: Self.describe(order), json: ListDocuments.aisles(order))
      return
    }
    let (order, changed) = try context.openService().setShopOrder(
      categories, label: context.label
    )
    let text =
      !changed
      ? "shop order unchanged" : order.isEmpty ? "shop order forgotten" : Self.describe(order)
    try context.report(text: text, json: ListDocuments.aisles(order))
  }

  static func describe(_ order: ShopOrder) -> String {
    guard !order.isEmpty else {
      return "no shop order yet (set one with: shoplist aisles CATEGORY...)"
    }
    return "shop order: " + order.categories.joined(separator: " → ")
  }
}
