import ArgumentParser
import ShoppingCore
import ShoppingService
import ShoppingTransfer

struct ListsShowCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show every list with its item and checked counts.",
    discussion: "Example:\n  shoplist lists"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let summaries = try context.openService(access: .read).listSummaries()
    try context.report(
      text: summaries.isEmpty
        ? "no lists yet (add items with: shoplist add NAME)" : Self.table(summaries),
      json: ListDocuments.lists(summaries.map(ListDocuments.ListEntry.init))
    )
  }

  /// One line per list: its name, then its counts, aligned; the default list marked.
  static func table(_ summaries: [ListSummary]) -> String {
    let names = summaries.map { DisplayText.escaped($0.name) }
    let width = names.map(DisplayWidth.of).max() ?? 0
    return zip(summaries, names).map { summary, name in
      DisplayWidth.padded(name, to: width)
        + "  \(Describe.count(summary.items, "item")), \(summary.checked) checked"
        + (summary.isDefault ? "  (default)" : "")
    }.joined(separator: "\n")
  }
}
