import ArgumentParser
import ShoppingService

struct EditCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change an item's fields; an empty value clears a field.",
    discussion: """
      Examples:
        shoplist edit milk --quantity 2 --unit l
        shoplist edit 3 --note ""
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var fields: FieldOptions
  @Option(help: ArgumentHelp("A new name.", valueName: "n"))
  var name: String?
  @Argument(
    help: "The item by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var reference: String

  func validate() throws {
    if name == nil, fields.isEmpty {
      throw ValidationError(
        "nothing to change: give --name, --quantity, --unit, --category or --note")
    }
  }

  func run(in context: CommandContext) throws {
    let changes = try fields.changes()
    try context.change(.edit(.typed(reference), name: name, changes: changes)) { outcome in
      guard let item = outcome.items.first, let product = item.after else {
        return "edited \(reference)"
      }
      let described = Describe.withAmount(product)
      return item.changed ? "edited \(described)" : "\(described) is unchanged"
    }
  }
}
