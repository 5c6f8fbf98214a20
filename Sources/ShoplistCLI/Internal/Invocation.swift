import Foundation
import ShoppingCore

/// A validated request for one of the everyday commands, however it was parsed: the argument
/// parser's commands build one, and so does ``QuickParser`` for plain invocations, so both run
/// exactly the same code.
struct Invocation: Equatable {
  enum Request: Equatable {
    case add(names: [String], fields: FieldValues)
    case list(ListFilter)
    case mark(ProductAction, references: [String])
    case remove(references: [String])
  }

  var settings: CommandSettings
  var request: Request

  func run() throws {
    let context = CommandContext.live(settings)
    switch request {
    case let .add(names, fields):
      try add(names, fields: fields, context: context)
    case let .list(filter):
      try list(filter, context: context)
    case let .mark(action, references):
      try mark(action, references: references, context: context)
    case let .remove(references):
      try context.mutateTargetList(needs: .items(references: references)) { session in
        let removed = try session.resolved.compactMap { try session.list.products[id: $0] }
        try session.send(.remove(session.resolved))
        return "removed \(Describe.names(removed)) from \(try session.list.name)"
      }
    }
  }

  private func add(_ names: [String], fields: FieldValues, context: CommandContext) throws {
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

  private func mark(
    _ action: ProductAction, references: [String], context: CommandContext
  ) throws {
    try context.mutateTargetList(needs: .items(references: references)) { session in
      var lines: [String] = []
      for id in session.resolved {
        let effects = try session.send(.product(id, action))
        guard let product = try session.list.products[id: id] else { continue }
        let state = product.isChecked ? "checked" : "unchecked"
        lines.append(
          effects.isEmpty ? "\(product.name) is already \(state)" : "\(state) \(product.name)"
        )
      }
      return lines.joined(separator: "\n")
    }
  }

  private func list(_ filter: ListFilter, context: CommandContext) throws {
    if settings.quiet {
      // Nothing to show; only the default list's creation on first use remains to happen.
      _ = try context.readTargetList { repository, name in
        try repository.loadState(loadingListsNamed: []).list(named: name)
      }
      return
    }
    if settings.json {
      // Streamed from the database into the document: no list is built in memory.
      try Output.standardOutput(
        context.readTargetList { repository, name in
          guard let list = try repository.loadState(loadingListsNamed: []).list(named: name)
          else { return nil }
          var writer = JSONWriter.listDocumentStart(list)
          var position = 0
          let shows = filter.predicate()
          try repository.forEachProduct(inList: list.id) { product in
            position += 1
            if shows(product) { writer.listDocumentItem(product, position: position) }
          }
          return writer.listDocumentEnd()
        }
      )
      return
    }
    let list = try context.readTargetList()
    try Output.standardOutput(
      ListTable(list: list, terminal: context.terminal)
        .render(showing: filter.apply(to: list), filterDescription: filter.description)
    )
  }
}

/// The item fields `add` and `edit` take, as the user wrote them.
struct FieldValues: Equatable {
  var quantity: String?
  var unit: String?
  var category: String?
  var note: String?

  func changes() throws -> ProductChanges {
    try ProductChanges(quantity: quantity, unit: unit, category: category, note: note)
  }

  var isEmpty: Bool {
    quantity == nil && unit == nil && category == nil && note == nil
  }
}

/// Which items `list` shows.
struct ListFilter: Equatable {
  var checked = false
  var unchecked = false
  var category: String?

  /// The items to show, or `nil` for all of them.
  func apply(to list: ShoppingList) -> [Product]? {
    guard checked || unchecked || category != nil else { return nil }
    return list.products.filter(predicate())
  }

  /// Whether the filter shows a product.
  func predicate() -> (Product) -> Bool {
    let categoryKey = category.map { Naming.key($0.trimmingCharacters(in: .whitespaces)) }
    return { [checked, unchecked] product in
      if checked, !product.isChecked { return false }
      if unchecked, product.isChecked { return false }
      if let categoryKey, product.category.map(Naming.key) != categoryKey { return false }
      return true
    }
  }

  var description: String? {
    var parts: [String] = []
    if checked { parts.append("checked") }
    if unchecked { parts.append("unchecked") }
    if let category { parts.append("category \(category)") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
