import ArgumentParser
import ShoppingCore
import ShoppingTransfer

struct AislesCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "aisles",
    abstract: "Show or set the order in which categories come in a shop.",
    discussion: """
      With categories, stores them as the shop's order; alone, prints it. Without --shop it \
      is the default shop's (made as "default" if there is no shop yet); --shop names \
      another shop, made if new. `sort --by aisle` then puts a list in its shop's order for \
      good, and `list --by-aisle` shows it under category headings without changing it. \
      Categories the order does not name come after those, by name; items without a \
      category last. See also: shoplist shops, shoplist lists shop.

      Examples:
        shoplist aisles produce bakery dairy frozen
        shoplist aisles --shop Lidl bakery produce dairy
        shoplist sort --by aisle
        shoplist list --by-aisle --shop Lidl
        shoplist aisles --clear
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The categories, first met first.")
  var categories: [String] = []
  @Option(
    help: "The shop (default: the default shop).", completion: .custom(Completions.shopNames))
  var shop: String?
  @Flag(help: "Forget the shop's order.")
  var clear = false

  func validate() throws {
    if clear, !categories.isEmpty {
      throw ValidationError("--clear takes no categories")
    }
  }

  func run(in context: CommandContext) throws {
    if categories.isEmpty, !clear {
      let found = try context.openService(access: .read).shop(named: shop)
      let order = found?.aisles ?? .none
      try context.report(
        text: Self.describe(order, shop: shop.map { _ in found?.name } ?? nil),
        json: ListDocuments.aisles(order))
      return
    }
    let (found, changed) = try context.openService().setAisles(
      categories, shop: shop, label: context.label
    )
    let order = found?.aisles ?? .none
    let named = shop.map { _ in found?.name } ?? nil
    let text =
      !changed
      ? "shop order\(Self.of(named)) unchanged"
      : order.isEmpty ? "shop order\(Self.of(named)) forgotten" : Self.describe(order, shop: named)
    try context.report(text: text, json: ListDocuments.aisles(order))
  }

  static func describe(_ order: ShopOrder, shop: String? = nil) -> String {
    guard !order.isEmpty else {
      let option = shop.map { " --shop \(DisplayText.quoted($0))" } ?? ""
      return "no shop order\(of(shop)) yet (set one with: shoplist aisles\(option) CATEGORY...)"
    }
    return "shop order\(of(shop)): " + order.categories.joined(separator: " → ")
  }

  private static func of(_ shop: String?) -> String {
    shop.map { " of \(DisplayText.escaped($0))" } ?? ""
  }
}
