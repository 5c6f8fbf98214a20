import ArgumentParser
import ShoppingCore
import ShoppingService

/// `toggle`, `check` and `uncheck`: resolve every reference, then the same product action
/// for each item.
protocol MarkingCommand: QuickParsable {
  var global: GlobalOptions { get set }
  var references: [String] { get set }
  static var action: ProductAction { get }
}

extension MarkingCommand {
  static var grammar: QuickGrammar<Self> {
    var grammar = QuickGrammar<Self>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.positionals = \Self.references
    grammar.requiresPositionals = true
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.grammar.defaults)
      command.references = []
    }
    return grammar
  }

  func run(in context: CommandContext) throws {
    try context.change(.set(Self.action, items: references.map(ItemReference.typed))) {
      outcome in
      outcome.items.compactMap { item in
        guard let product = item.after else { return nil }
        let state = product.isChecked ? "checked" : "unchecked"
        return item.changed ? "\(state) \(product.name)" : "\(product.name) is already \(state)"
      }.joined(separator: "\n")
    }
  }
}
