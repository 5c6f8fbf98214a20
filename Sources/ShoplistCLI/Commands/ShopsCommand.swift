import ArgumentParser
import ShoppingCore
import ShoppingService
import ShoppingTransfer

struct ShopsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shops",
    abstract: "Show and manage shops, each with its own aisle order.",
    subcommands: [
      ShopsShowCommand.self, ShopsDefaultCommand.self, ShopsRenameCommand.self,
      ShopsDeleteCommand.self,
    ],
    defaultSubcommand: ShopsShowCommand.self
  )
}

struct ShopsShowCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show every shop with its aisle order.",
    discussion: """
      A shop is made by giving it an order: shoplist aisles --shop NAME CATEGORY...

      Example:
        shoplist shops
      """
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let shops = try context.openService(access: .read).shops()
    try context.report(text: Self.table(shops), json: ListDocuments.shops(shops))
  }

  /// One line per shop: its name, its order, the default one marked.
  static func table(_ shops: Shops) -> String {
    guard !shops.all.isEmpty else {
      return "no shops yet (make one with: shoplist aisles --shop NAME CATEGORY...)"
    }
    let names = shops.all.map { DisplayText.escaped($0.name) }
    let width = names.map(DisplayWidth.of).max() ?? 0
    return zip(shops.all, names).map { shop, name in
      let order =
        shop.aisles.isEmpty
        ? "no order" : shop.aisles.categories.map(DisplayText.escaped).joined(separator: " → ")
      return DisplayWidth.padded(name, to: width) + "  " + order
        + (shop.id == shops.defaultID ? "  (default)" : "")
    }.joined(separator: "\n")
  }
}

struct ShopsDefaultCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "default",
    abstract: "Make a shop the one used by lists without a shop of their own.",
    discussion: "Example:\n  shoplist shops default Lidl"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The shop.", completion: .custom(Completions.shopNames))
  var name: String

  func run(in context: CommandContext) throws {
    let service = try context.openService()
    let (shop, wasDefault) = try service.makeDefaultShop(named: name, label: context.label)
    let shown = DisplayText.escaped(shop.name)
    try context.report(
      text: wasDefault
        ? "\(shown) is already the default shop" : "\(shown) is now the default shop",
      shopsAfter: service)
  }
}

struct ShopsRenameCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a shop.",
    discussion: "Example:\n  shoplist shops rename default Aldi"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The shop's current name.", completion: .custom(Completions.shopNames))
  var old: String
  @Argument(help: "Its new name.")
  var new: String

  func run(in context: CommandContext) throws {
    let service = try context.openService()
    let (oldName, shop) = try service.renameShop(named: old, to: new, label: context.label)
    try context.report(
      text: "renamed shop \(DisplayText.escaped(oldName)) to \(DisplayText.escaped(shop.name))",
      shopsAfter: service)
  }
}

struct ShopsDeleteCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a shop; lists that named it use the default shop.",
    discussion: """
      When it was the default shop, the first shop left becomes the default. `shoplist undo` \
      brings it back, with its order and its lists.

      Example:
        shoplist shops delete Aldi
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The shop.", completion: .custom(Completions.shopNames))
  var name: String

  func run(in context: CommandContext) throws {
    let service = try context.openService()
    let (deleted, newDefault) = try service.deleteShop(named: name, label: context.label)
    let now = newDefault.map { "; \(DisplayText.quoted($0.name)) is now the default shop" } ?? ""
    try context.report(
      text: "deleted shop \(DisplayText.escaped(deleted.name))\(now)",
      shopsAfter: service)
  }
}

extension CommandContext {
  /// Reports a change to shops: `text`, or with `--json` every shop after it, read only then.
  fileprivate func report(text: String, shopsAfter service: ShoppingService) throws {
    let document = settings.json ? ListDocuments.shops(try service.shops()) : ""
    try report(text: text, json: document)
  }
}
