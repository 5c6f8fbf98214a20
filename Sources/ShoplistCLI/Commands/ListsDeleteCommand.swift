import ArgumentParser
import ShoppingTransfer

struct ListsDeleteCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a list; one that still has items needs --force.",
    discussion: "Example:\n  shoplist lists delete \"Weekend BBQ\" --force"
  )

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Delete the list even if it has items.")
  var force = false
  @Argument(help: "The list's name.", completion: .custom(Completions.listNames))
  var name: String

  func run(in context: CommandContext) throws {
    let (deleted, remaining) = try context.openService().deleteList(
      named: name, force: force, label: context.label
    )
    let count = deleted.products.count
    try context.report(
      text: "deleted list \(deleted.name)"
        + (count > 0 ? " and its \(Describe.count(count, "item"))" : ""),
      json: ListDocuments.lists(remaining.map(ListDocuments.ListEntry.init))
    )
  }
}
