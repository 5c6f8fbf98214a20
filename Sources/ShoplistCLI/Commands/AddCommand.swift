import ArgumentParser
import Foundation
import ShoppingCore
import ShoppingService

struct AddCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add items; an item already on the list is unchecked and updated instead.",
    discussion: """
      Each NAME may carry its quantity and unit: "2 l milk", "500g flour", "eggs x12", \
      "milk 2 l". With --quantity or --unit, or with --exact, each NAME is taken as written. \
      A new item without --category gets the category its name last had on any list; \
      --category "" adds it without one.

      Examples:
        shoplist add milk eggs
        shoplist add "2 l milk" "eggs x12"
        shoplist add "oat milk" --quantity 2 --unit l --category dairy
        shoplist add --exact "3 musketeers bar"
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var fields: FieldOptions

  @Flag(help: "Take each NAME as written: read no quantity or unit from it.")
  var exact = false

  @Argument(help: "The names of the items to add, each with its quantity if you like.")
  var names: [String]

  /// What an `add` reads: the options as plain values.
  struct Values: QuickValues {
    var settings = CommandSettings()
    var fields = ItemFields()
    var exact = false
    var names: [String] = []
  }

  var values: Values {
    Values(settings: global.settings, fields: fields.values, exact: exact, names: names)
  }

  static var grammar: QuickGrammar<Values> {
    var grammar = QuickGrammar<Values>()
    grammar.include(FieldOptions.grammar) { values, change in change(&values.fields) }
    grammar.flags["--exact"] = { $0.exact = true }
    grammar.positionals = { values, names in
      values.names = names
      return true
    }
    grammar.requiresPositionals = true
    return grammar
  }

  static func run(_ values: Values, in context: CommandContext) throws {
    let fields = values.fields
    let changes = try fields.changes()
    let literal = values.exact || fields.quantity != nil || fields.unit != nil
    let items =
      literal
      ? values.names.map { ListIntent.NewItem(name: $0, changes: changes) }
      : try Self.items(reading: values.names, changes: changes)
    try context.change(.add(items), creatingIfMissing: true) { outcome in
      zip(items, outcome.items).map { added, item in
        let described = item.after.map(Describe.withAmount) ?? added.name
        let list = outcome.list.name
        if item.before == nil { return "added \(described) to \(list)" }
        return item.changed
          ? "updated \(described) on \(list)" : "\(described) is already on \(list)"
      }.joined(separator: "\n")
    }
  }

  /// The items `names` give, each read as a quantity phrase.
  ///
  /// - Throws: ``CommandError/data(_:)`` for a NAME that is only a quantity (`add milk 2`),
  ///   suggesting the phrase that was probably meant (`add "2 milk"`); nothing is added then.
  static func items(
    reading names: [String], changes: ProductChanges
  ) throws -> [ListIntent.NewItem] {
    try names.indices.map { index in
      let phrase = QuantityPhrase(parsing: names[index])
      guard !phrase.isOnlyQuantity else {
        throw CommandError.data(onlyQuantity(at: index, of: names))
      }
      return ListIntent.NewItem(name: phrase.name, changes: changes.amount(of: phrase))
    }
  }

  /// What to say of `names[index]`, a quantity alone: with the phrase meant, when a neighbour
  /// gives the name (`add milk 2`, `add 2 l milk`: `did you mean: add "2 milk"?`).
  private static func onlyQuantity(at index: Int, of names: [String]) -> String {
    // The quantity with a unit written as the next word: `2 l`.
    var amount = [names[index]]
    var next = index + 1
    if next < names.count, QuantityPhrase.isUnit(names[next].trimmed) {
      amount.append(names[next])
      next += 1
    }
    let said = "\(DisplayText.quoted(names[index])) is a quantity, not an item"
    let neighbour =
      next < names.count ? names[next] : index > 0 ? names[index - 1] : nil
    guard let neighbour, !QuantityPhrase(parsing: neighbour).isOnlyQuantity else { return said }
    let meant = (amount + [neighbour]).map(\.trimmed).joined(separator: " ")
    return said + "; did you mean: add " + DisplayText.quoted(meant) + "?"
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
