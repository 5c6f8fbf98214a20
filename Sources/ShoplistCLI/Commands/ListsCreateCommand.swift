import ArgumentParser
import ShoppingTransfer

struct ListsCreateCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "create",
    abstract: "Create an empty list.",
    discussion: "Example:\n  shoplist lists create \"Weekend BBQ\""
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The new list's name.")
  var name: String

  func run(in context: CommandContext) throws {
    let list = try context.openService().createList(named: name, label: context.label)
    try context.report(text: "created list \(list.name)", json: ListDocuments.list(list))
  }
}
