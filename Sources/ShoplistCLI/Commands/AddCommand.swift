import ArgumentParser
import ShoppingCore

struct AddCommand: ParsableCommand {
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

  func run() throws {
    let context = CommandContext.live(global)
    let changes = try fields.changes()
    try context.mutateTargetList(needs: .items(names: names), creatingIfMissing: true) { session in
      var lines: [String] = []
      for name in names {
        let existed = try session.list.product(named: name) != nil
        let effects = try session.send(.add(name: name, changes))
        let product = try session.list.product(named: name)
        let described = product.map(Describe.withAmount) ?? name
        let listName = try session.list.name
        if !existed {
          lines.append("added \(described) to \(listName)")
        } else if effects.isEmpty {
          lines.append("\(described) is already on \(listName)")
        } else {
          lines.append("updated \(described) on \(listName)")
        }
      }
      return lines.joined(separator: "\n")
    }
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

  func changes() throws -> ProductChanges {
    try ProductChanges(quantity: quantity, unit: unit, category: category, note: note)
  }

  var isEmpty: Bool {
    quantity == nil && unit == nil && category == nil && note == nil
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
