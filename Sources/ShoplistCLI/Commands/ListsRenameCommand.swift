import ArgumentParser
import ShoppingTransfer

struct ListsRenameCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a list.",
    discussion: "Example:\n  shoplist lists rename shopping groceries"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list's current name.", completion: .custom(Completions.listNames))
  var old: String
  @Argument(help: "Its new name.")
  var new: String

  func run(in context: CommandContext) throws {
    let (oldName, list) = try context.openService().renameList(
      named: old, to: new, label: context.label
    )
    try context.report(
      text: "renamed list \(oldName) to \(list.name)", json: ListDocuments.list(list)
    )
  }
}
