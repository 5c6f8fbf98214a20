import ArgumentParser
import ShoppingTransfer

struct ListsMoveCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move a list to a place among the lists.",
    discussion: """
      Lists are shown, on the command line and on the page, in the order they were made in \
      until moved. A position past the last moves the list last.

      Example:
        shoplist lists move weekend 1
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list's name.", completion: .custom(Completions.listNames))
  var name: String
  @Argument(help: "Its new place, from 1.")
  var position: Int

  func run(in context: CommandContext) throws {
    let (list, lists) = try context.openService().moveList(
      named: name, toPosition: position, label: context.label)
    let place = (lists.firstIndex { $0.id == list.id } ?? 0) + 1
    try context.report(
      text: "moved list \(list.name) to position \(place)",
      json: ListDocuments.lists(lists.map(ListDocuments.ListEntry.init)))
  }
}
