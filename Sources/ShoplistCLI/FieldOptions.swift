import ArgumentParser
import ShoppingCore

/// The item fields `add` and `edit` take.
struct FieldOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How much, a positive decimal number (1.5 or 1,5).", valueName: "q")
  )
  var quantity: String?

  @Option(help: ArgumentHelp("The unit (l, kg, pack); \"\" clears it.", valueName: "u"))
  var unit: String?

  @Option(help: ArgumentHelp("The category; \"\" clears it.", valueName: "c"))
  var category: String?

  @Option(help: ArgumentHelp("A note; \"\" clears it.", valueName: "n"))
  var note: String?

  /// The options as plain values.
  var values: ItemFields {
    ItemFields(quantity: quantity, unit: unit, category: category, note: note)
  }

  /// The validated changes.
  func changes() throws -> ProductChanges {
    try values.changes()
  }

  /// Every option above and the field it gives, for the fast path (see ``QuickParser``).
  static var grammar: QuickGrammar<ItemFields> {
    var grammar = QuickGrammar<ItemFields>()
    grammar.options = [
      "--quantity": QuickGrammar.text { $0.quantity = $1 },
      "--unit": QuickGrammar.text { $0.unit = $1 },
      "--category": QuickGrammar.text { $0.category = $1 },
      "--note": QuickGrammar.text { $0.note = $1 },
    ]
    return grammar
  }

  var isEmpty: Bool { values.isEmpty }
}

/// The item fields `add` and `edit` take, as plain values; `nil` where not given.
struct ItemFields: Equatable, Sendable {
  var quantity: String?
  var unit: String?
  var category: String?
  var note: String?

  /// The validated changes.
  func changes() throws -> ProductChanges {
    try ProductChanges(quantity: quantity, unit: unit, category: category, note: note)
  }

  var isEmpty: Bool {
    quantity == nil && unit == nil && category == nil && note == nil
  }
}
