import ArgumentParser
import ShoppingCore
import ShoppingService

/// A command whose only arguments are item references, after the global options: its fast
/// path's grammar and values are the same for all of them.
protocol ReferencesCommand: QuickParsable where Values == ReferenceValues {
  var global: GlobalOptions { get set }
  var references: [String] { get set }
}

/// What a command of item references reads: the options as plain values.
struct ReferenceValues: QuickValues {
  var settings = CommandSettings()
  var references: [String] = []
}

extension ReferencesCommand {
  var values: ReferenceValues {
    ReferenceValues(settings: global.settings, references: references)
  }

  static var grammar: QuickGrammar<ReferenceValues> {
    var grammar = QuickGrammar<ReferenceValues>()
    grammar.positionals = { values, references in
      values.references = references
      return true
    }
    grammar.requiresPositionals = true
    return grammar
  }
}

/// `toggle`, `check` and `uncheck`: resolve every reference, then the same product action
/// for each item.
protocol MarkingCommand: ReferencesCommand {
  static var action: ProductAction { get }
}

extension MarkingCommand {
  static func run(_ values: ReferenceValues, in context: CommandContext) throws {
    try context.change(.set(action, items: values.references.map(ItemReference.typed))) {
      outcome in
      outcome.items.compactMap { item in
        guard let product = item.after else { return nil }
        let state = product.isChecked ? "checked" : "unchecked"
        return item.changed ? "\(state) \(product.name)" : "\(product.name) is already \(state)"
      }.joined(separator: "\n")
    }
  }
}
