import ArgumentParser
import ShoppingService

struct RemoveCommand: ReferencesCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Delete items from the list.",
    discussion: "Example:\n  shoplist rm milk 3",
    aliases: ["rm"]
  )

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "Items by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var references: [String]

  static func run(_ values: ReferenceValues, in context: CommandContext) throws {
    try context.change(.remove(values.references.map(ItemReference.typed))) { outcome in
      "removed \(Describe.names(outcome.items.compactMap(\.before))) from \(outcome.list.name)"
    }
  }
}
