import ArgumentParser
import ShoppingCore
import ShoppingService

/// A command whose only arguments are item references, after the global options: its fast
/// path's grammar is the same for all of them.
protocol ReferencesCommand: QuickParsable {
  var global: GlobalOptions { get set }
  var references: [String] { get set }
}

extension ReferencesCommand {
  static var grammar: QuickGrammar<Self> {
    var grammar = QuickGrammar<Self>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.positionals = { command, references in
      command.references = references
      return true
    }
    grammar.requiresPositionals = true
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.assignDefaults)
      command.references = []
    }
    return grammar
  }
}

/// `toggle`, `check` and `uncheck`: resolve every reference, then the same product action
/// for each item.
protocol MarkingCommand: ReferencesCommand {
  static var action: ProductAction { get }
}

extension MarkingCommand {
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
