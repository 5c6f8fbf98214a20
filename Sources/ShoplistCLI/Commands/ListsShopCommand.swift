import ArgumentParser
import ShoppingCore
import ShoppingTransfer

struct ListsShopCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "shop",
    abstract: "Show or name a list's usual shop.",
    discussion: """
      `sort --by aisle` and `list --by-aisle` use the list's shop's order when no --shop is \
      given, else the default shop's. With no SHOP, prints the list's shop; "" gives it none.

      Examples:
        shoplist lists shop weekend Lidl
        shoplist lists shop weekend
        shoplist lists shop weekend ""
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list.", completion: .custom(Completions.listNames))
  var list: String
  @Argument(help: "The shop; \"\" for none.", completion: .custom(Completions.shopNames))
  var shop: String?

  func run(in context: CommandContext) throws {
    let listName: String
    let found: Shop?
    let text: String
    if let shop {
      let changed: Bool
      (listName, found, changed) = try context.openService().setShop(
        shop, ofList: list, label: context.label)
      let name = DisplayText.escaped(listName)
      if let found {
        let shopName = DisplayText.escaped(found.name)
        text =
          changed
          ? "\(name) is now bought at \(shopName)" : "\(name) is already bought at \(shopName)"
      } else {
        text =
          changed ? "\(name) now uses the default shop" : "\(name) already uses the default shop"
      }
    } else {
      (listName, found) = try context.openService(access: .read).shop(ofList: list)
      let name = DisplayText.escaped(listName)
      text =
        found.map { "\(name) is bought at \(DisplayText.escaped($0.name))" }
        ?? "\(name) has no shop of its own (it uses the default shop)"
    }
    try context.report(text: text, json: ListDocuments.listShop(list: listName, shop: found?.name))
  }
}
