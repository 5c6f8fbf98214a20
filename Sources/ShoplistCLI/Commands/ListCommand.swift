import ArgumentParser
import Foundation
import ShoppingCore
import ShoppingService
import ShoppingTransfer

struct ListCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show the list.",
    discussion: """
      Item numbers can be used wherever an item is expected.

      Examples:
        shoplist list
        shoplist ls --unchecked --category dairy
        shoplist list --by-aisle
        shoplist list --by-aisle --shop Lidl
        shoplist list --json
      """,
    aliases: ["ls"]
  )

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Only checked items.")
  var checked = false
  @Flag(help: "Only unchecked items.")
  var unchecked = false
  @Option(help: ArgumentHelp("Only items of this category.", valueName: "c"))
  var category: String?
  @Flag(
    help: "Show the items under category headings in their shop's order (see `shoplist aisles`).")
  var byAisle = false
  @Option(
    help: "With --by-aisle: this shop's order (default: the list's shop, else the default).",
    completion: .custom(Completions.shopNames))
  var shop: String?

  func validate() throws {
    guard values.isValid else {
      throw ValidationError(
        values.checked && values.unchecked
          ? "--checked and --unchecked cannot be used together" : "--shop goes with --by-aisle")
    }
  }

  /// What `list` reads: the options as plain values.
  struct Values: QuickValues {
    var settings = CommandSettings()
    var checked = false
    var unchecked = false
    var category: String?
    var byAisle = false
    var shop: String?

    var isValid: Bool { !(checked && unchecked) && (shop == nil || byAisle) }
  }

  var values: Values {
    Values(
      settings: global.settings, checked: checked, unchecked: unchecked, category: category,
      byAisle: byAisle, shop: shop)
  }

  static var grammar: QuickGrammar<Values> {
    var grammar = QuickGrammar<Values>()
    grammar.flags["--checked"] = { $0.checked = true }
    grammar.flags["--unchecked"] = { $0.unchecked = true }
    grammar.flags["--by-aisle"] = { $0.byAisle = true }
    grammar.options["--category"] = QuickGrammar.text { $0.category = $1 }
    grammar.options["--shop"] = QuickGrammar.text { $0.shop = $1 }
    return grammar
  }

  static func run(_ values: Values, in context: CommandContext) throws {
    let name = try context.targetListName()
    let service = try context.openService(access: .read)
    // A shop that does not exist is refused whatever is shown (`--json` shows no aisles).
    let named = try values.shop.flatMap { try service.shop(named: $0) }
    let shows = values.filter
    if values.settings.quiet {
      // Nothing to show; only the default list's creation on first use remains to happen.
      try service.forEachProduct(ofListNamed: name) { _, _ in }
    } else if values.settings.json {
      // Streamed from the database into the document and out, 64 KiB at a time: neither the
      // list nor its document is ever in memory whole.
      var document: ListDocuments.Stream?
      try service.forEachProduct(
        ofListNamed: name, start: { document = ListDocuments.Stream(list: $0) }
      ) { product, position in
        guard shows(product) else { return }
        document?.add(product, position: position)
        try document?.take(over: 1 << 16) { try context.write(utf8: $0) }
      }
      try document?.finish { try context.write(utf8: $0) }
    } else {
      let list = try service.list(named: name)
      let shown = values.isFiltered ? Array(list.products.filter(shows)) : nil
      try context.write(
        ListTable(list: list, terminal: context.terminal)
          .render(
            showing: shown, filterDescription: values.filterDescription,
            aisles: values.byAisle
              ? (try named ?? service.shop(named: nil, forList: list.name))?.aisles
                ?? ShopOrder.none
              : nil
          )
      )
    }
  }
}

extension ListCommand.Values {
  fileprivate var isFiltered: Bool { checked || unchecked || category != nil }

  fileprivate var filter: (Product) -> Bool {
    let categoryKey = category.map(NameKey.init(lookingUp:))
    return { [checked, unchecked] product in
      if checked, !product.isChecked { return false }
      if unchecked, product.isChecked { return false }
      if let categoryKey, product.category.map(NameKey.init(lookingUp:)) != categoryKey {
        return false
      }
      return true
    }
  }

  fileprivate var filterDescription: String? {
    var parts: [String] = []
    if checked { parts.append("checked") }
    if unchecked { parts.append("unchecked") }
    if let category { parts.append("category \(category)") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
