import ArgumentParser
import ShoppingCore
import ShoppingService

struct AddCommand: QuickParsable {
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

  static var grammar: QuickGrammar<AddCommand> {
    var grammar = QuickGrammar<AddCommand>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.include(FieldOptions.grammar, at: \.fields)
    grammar.positionals = { command, names in
      command.names = names
      return true
    }
    grammar.requiresPositionals = true
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.assignDefaults)
      command.fields = .withDefaults(FieldOptions.assignDefaults)
      command.names = []
    }
    return grammar
  }

  func run(in context: CommandContext) throws {
    let changes = try fields.changes()
    try context.change(.add(names: names, changes: changes), creatingIfMissing: true) { outcome in
      zip(names, outcome.items).map { name, item in
        let described = item.after.map(Describe.withAmount) ?? name
        let list = outcome.list.name
        if item.before == nil { return "added \(described) to \(list)" }
        return item.changed
          ? "updated \(described) on \(list)" : "\(described) is already on \(list)"
      }.joined(separator: "\n")
    }
  }
}
