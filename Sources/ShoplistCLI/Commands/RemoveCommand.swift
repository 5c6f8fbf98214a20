import ArgumentParser
import ShoppingService

struct RemoveCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Delete items from the list.",
    discussion: "Example:\n  shoplist rm milk 3",
    aliases: ["rm"]
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Items by number, name or unique name prefix.")
  var references: [String]

  static var grammar: QuickGrammar<RemoveCommand> {
    var grammar = QuickGrammar<RemoveCommand>()
    grammar.include(GlobalOptions.grammar, at: \.global)
    grammar.positionals = \RemoveCommand.references
    grammar.requiresPositionals = true
    grammar.defaults = { command in
      command.global = .withDefaults(GlobalOptions.grammar.defaults)
      command.references = []
    }
    return grammar
  }

  func run(in context: CommandContext) throws {
    try context.change(.remove(references.map(ItemReference.typed))) { outcome in
      "removed \(Describe.names(outcome.items.compactMap(\.before))) from \(outcome.list.name)"
    }
  }
}
