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

  /// The validated changes.
  func changes() throws -> ProductChanges {
    try ProductChanges(quantity: quantity, unit: unit, category: category, note: note)
  }

  /// Every option above, for the fast path (see ``QuickParser``).
  static var grammar: QuickGrammar<FieldOptions> {
    var grammar = QuickGrammar<FieldOptions>()
    grammar.options = [
      "--quantity": { fields, text in
        fields.quantity = text; return true
      },
      "--unit": { fields, text in
        fields.unit = text; return true
      },
      "--category": { fields, text in
        fields.category = text; return true
      },
      "--note": { fields, text in
        fields.note = text; return true
      },
    ]
    grammar.defaults = assignDefaults
    return grammar
  }

  /// Gives every option its default, for the fast path (see ``QuickGrammar/defaults``).
  static func assignDefaults(_ fields: inout FieldOptions) {
    fields.quantity = nil
    fields.unit = nil
    fields.category = nil
    fields.note = nil
  }

  var isEmpty: Bool {
    quantity == nil && unit == nil && category == nil && note == nil
  }
}
