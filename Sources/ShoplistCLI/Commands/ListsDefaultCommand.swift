import ArgumentParser
import ShoppingTransfer

struct ListsDefaultCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "default",
    abstract: "Make a list the one used when no list is named.",
    discussion: """
      Kept in the database: a plain `shoplist list` shows it from then on, also after it is \\
      renamed. Deleting it makes "shopping" the default again. --list and $SHOPLIST_LIST still \\
      pick another list for one command.

      Example:
        shoplist lists default groceries
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list.", completion: .custom(Completions.listNames))
  var name: String

  func run(in context: CommandContext) throws {
    let (list, wasDefault) = try context.openService().makeDefault(
      listNamed: name, label: context.label
    )
    try context.report(
      text: wasDefault
        ? "\(list.name) is already the default list" : "\(list.name) is now the default list",
      json: ListDocuments.list(list)
    )
  }
}
