import ArgumentParser
import ShoppingCore

struct RenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename an item.",
    discussion: "Example:\n  shoplist rename milk \"oat milk\""
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The item by number, name or unique name prefix.")
  var reference: String
  @Argument(help: "Its new name.")
  var newName: String

  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(
      needs: .items(references: [reference], names: [newName])
    ) { session in
      let id = try session.onlyResolved()
      let old = try session.list.products[id: id]?.name ?? reference
      let effects = try session.send(.rename(id, to: newName))
      let new = try session.list.products[id: id]?.name ?? newName
      return effects.isEmpty ? "\(old) is already named so" : "renamed \(old) to \(new)"
    }
  }
}

struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change an item's fields; an empty value clears a field.",
    discussion: """
      Examples:
        shoplist edit milk --quantity 2 --unit l
        shoplist edit 3 --note ""
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var fields: FieldOptions
  @Option(help: ArgumentHelp("A new name.", valueName: "n"))
  var name: String?
  @Argument(help: "The item by number, name or unique name prefix.")
  var reference: String

  func validate() throws {
    if name == nil, fields.values.isEmpty {
      throw ValidationError(
        "nothing to change: give --name, --quantity, --unit, --category or --note")
    }
  }

  func run() throws {
    let context = CommandContext.live(global)
    let changes = try fields.values.changes()
    try context.mutateTargetList(
      needs: .items(references: [reference], names: name.map { [$0] } ?? [])
    ) { session in
      let id = try session.onlyResolved()
      var changed = false
      if let name {
        changed = try !session.send(.rename(id, to: name)).isEmpty
      }
      changed = try !session.send(.product(id, .edited(changes))).isEmpty || changed
      let product = try session.list.products[id: id]
      let described = product.map(Describe.withAmount) ?? reference
      return changed ? "edited \(described)" : "\(described) is unchanged"
    }
  }
}
