import ArgumentParser
import ShoppingCore

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show the list.",
    discussion: """
      Item numbers can be used wherever an item is expected.

      Examples:
        shoplist list
        shoplist ls --unchecked --category dairy
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

  func validate() throws {
    if checked, unchecked {
      throw ValidationError("--checked and --unchecked cannot be used together")
    }
  }

  func run() throws {
    let context = CommandContext.live(global)
    let list = try context.readTargetList()
    let filtered = filter(list)
    if global.quiet { return }
    if global.json {
      try Output.standardOutput(JSONWriter.listDocument(list, products: filtered))
    } else {
      try Output.standardOutput(
        ListTable(list: list, terminal: context.terminal)
          .render(showing: filtered, filterDescription: filterDescription)
      )
    }
  }

  private func filter(_ list: ShoppingList) -> [Product]? {
    guard checked || unchecked || category != nil else { return nil }
    let categoryKey = category.map { Naming.key($0.trimmingCharacters(in: .whitespaces)) }
    return list.products.filter { product in
      if checked, !product.isChecked { return false }
      if unchecked, product.isChecked { return false }
      if let categoryKey, product.category.map(Naming.key) != categoryKey { return false }
      return true
    }
  }

  private var filterDescription: String? {
    var parts: [String] = []
    if checked { parts.append("checked") }
    if unchecked { parts.append("unchecked") }
    if let category { parts.append("category \(category)") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
