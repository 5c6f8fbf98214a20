import ArgumentParser
import ShoppingCore

struct AddCommand: InvocationCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add items; an item already on the list is unchecked and updated instead.",
    discussion: """
      Examples:
        shoplist add milk eggs
        shoplist add "oat milk" --quantity 2 --unit l --category dairy
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var fields: FieldOptions

  @Argument(help: "The names of the items to add.")
  var names: [String]

  var invocation: Invocation {
    Invocation(settings: global.settings, request: .add(names: names, fields: fields.values))
  }
}

/// The item fields `add` and `edit` take.
struct FieldOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How much, a positive decimal number.", valueName: "q")
  )
  var quantity: String?

  @Option(help: ArgumentHelp("The unit (l, kg, pack); \"\" clears it.", valueName: "u"))
  var unit: String?

  @Option(help: ArgumentHelp("The category; \"\" clears it.", valueName: "c"))
  var category: String?

  @Option(help: ArgumentHelp("A note; \"\" clears it.", valueName: "n"))
  var note: String?

  var values: FieldValues {
    FieldValues(quantity: quantity, unit: unit, category: category, note: note)
  }
}

/// Short descriptions of items for confirmation lines.
enum Describe {
  /// `Milk (2 l)`, or `Milk` when the amount is the default single unit.
  static func withAmount(_ product: Product) -> String {
    if product.quantity == .one, product.unit == nil { return product.name }
    return "\(product.name) (\(product.quantity)\(product.unit.map { " \($0)" } ?? ""))"
  }

  static func names(_ products: [Product]) -> String {
    products.map(\.name).joined(separator: ", ")
  }
}
