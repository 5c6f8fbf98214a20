import ArgumentParser
import ShoppingService

struct RenameCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename an item.",
    discussion: "Example:\n  shoplist rename milk \"oat milk\""
  )

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "The item by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var reference: String
  @Argument(help: "Its new name.")
  var newName: String

  func run(in context: CommandContext) throws {
    try context.change(.rename(.typed(reference), to: newName)) { outcome in
      guard let item = outcome.items.first, let old = item.before?.name else {
        return "renamed \(reference)"
      }
      let new = item.after?.name ?? newName
      return item.changed ? "renamed \(old) to \(new)" : "\(old) is already named so"
    }
  }
}
