import ArgumentParser
import ShoppingCore
import ShoppingService
import ShoppingTransfer

struct FindCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "find",
    abstract: "Find items in every list by name, category or note.",
    discussion: """
      Case and accents are ignored: `find creme` finds "Crème fraîche". Each item is shown \
      with its list and its number there.

      Examples:
        shoplist find milk
        shoplist find dairy --json
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The text to look for.")
  var text: String

  func validate() throws {
    if text.allSatisfy(\.isWhitespace) {
      throw ValidationError("find needs some text to look for")
    }
  }

  func run(in context: CommandContext) throws {
    let found = try context.openService(access: .read).find(text)
    try context.report(
      text: Self.table(found, for: text, terminal: context.terminal),
      json: ListDocuments.items(found.map { ($0.product, $0.position, $0.list) })
    )
  }

  /// One line per item: its list, number, box, name, quantity, then its category and note.
  static func table(_ found: [FoundItem], for text: String, terminal: Terminal) -> String {
    guard !found.isEmpty else { return "no items match \(DisplayText.quoted(text))" }
    let lists = found.map { DisplayText.escaped($0.list) }
    let listWidth = lists.map(DisplayWidth.of).max() ?? 0
    let numberWidth = found.map { String($0.position).count }.max() ?? 1
    let matching = Describe.count(found.count, "item", verb: ("matches", "match"))
    var lines = ["\(matching) \(DisplayText.quoted(text))"]
    for (item, list) in zip(found, lists) {
      let product = item.product
      var line = DisplayWidth.padded(list, to: listWidth) + "  "
      line += DisplayWidth.padded(String(item.position), to: numberWidth, leading: true)
      line += product.isChecked ? "  [x] " : "  [ ] "
      line += DisplayText.escaped(product.name)
      let amount = Describe.amount(product)
      if !amount.isEmpty { line += "  " + amount }
      let details = [product.category, product.note].compactMap { $0 }.map(DisplayText.escaped)
      if !details.isEmpty { line += "  (" + details.joined(separator: "; ") + ")" }
      if let columns = terminal.columns { line = DisplayWidth.truncated(line, to: columns) }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
