import ArgumentParser
import ShoppingCore
import ShoppingTransfer

struct ListsDefaultCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "default",
    abstract: "Make a list the one used when no list is named.",
    discussion: """
      Kept in the database: a plain `shoplist list` shows it from then on, also after it is \
      renamed. Deleting it makes "shopping" the default again. --list and $SHOPLIST_LIST still \
      pick another list for one command. Without a list, prints the default list's name.

      Examples:
        shoplist lists default groceries
        shoplist lists default
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list (none: print the default).", completion: .custom(Completions.listNames))
  var name: String?

  func run(in context: CommandContext) throws {
    guard let name else {
      let name = try context.openService(access: .read).defaultListName()
      try context.report(text: DisplayText.escaped(name), json: ListDocuments.defaultList(name))
      return
    }
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
