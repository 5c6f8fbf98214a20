import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Managing lists

extension ShoppingService {
  /// Creates an empty list.
  ///
  /// - Parameters:
  ///   - name: The new list's name.
  ///   - label: The command its history entry shows; `lists create NAME` if none.
  ///   - member: The member of the household creating it, if one is.
  /// - Returns: The new list.
  /// - Throws: `ShoppingCore/ShoppingError/listNameTaken(_:)` or an invalid name.
  @discardableResult
  public func createList(
    named name: String, label: String? = nil, by member: String? = nil
  ) throws -> ShoppingList {
    try journaledWrite(label ?? "lists create \(name)", by: member) { repository in
      let store = try stores.makeStore(repository, loadingListsNamed: [])
      try store.send(.createList(named: name))
      guard let list = store.state.list(named: try Naming.name(name)) else {
        throw ShoppingError.noSuchList(name)
      }
      return list
    }
  }

  /// Renames a list.
  ///
  /// - Returns: The list's name before, and the list after, with its items.
  @discardableResult
  public func renameList(
    named old: String, to new: String, label: String? = nil
  ) throws -> (oldName: String, list: ShoppingList) {
    let renamed = try journaledWrite(
      label ?? "lists rename \(old) \(new)", changing(old, to: new, position: nil))
    return (renamed.oldName, renamed.list)
  }

  /// Deletes a list; one that still has items needs `force`.
  ///
  /// - Returns: The deleted list with the items it had, and the lists that remain.
  @discardableResult
  public func deleteList(
    named name: String, force: Bool, label: String? = nil
  ) throws -> (deleted: ShoppingList, remaining: [ListSummary]) {
    let deleted = try journaledWrite(
      label ?? "lists delete \(name)", deleting(name, force: force))
    return (deleted.list, deleted.remaining)
  }

  /// Deletes a list with its items, as `lists delete --force` does, from a task (a server's
  /// request), on behalf of `member`.
  ///
  /// - Returns: The deleted list with the items it had, and the number of the history entry
  ///   that records it (an undo of which brings the list back in its place).
  public func deleteList(
    named name: String, label: String, by member: String?
  ) async throws -> (deleted: ShoppingList, entry: Int?) {
    let (deleted, entry) = try await journaledWriteNumbered(
      labelling: { _ in label }, by: member, deleting(name, force: true))
    return (deleted.list, entry)
  }

  /// Moves a list to a 1-based place among the lists (past the last: last).
  ///
  /// - Returns: The list, and every list's summary after, in their order.
  /// - Throws: `ShoppingCore/ShoppingError/invalidPosition(_:)` below 1, or
  ///   `ShoppingCore/ShoppingError/noSuchList(_:)`.
  @discardableResult
  public func moveList(
    named name: String, toPosition position: Int, label: String? = nil
  ) throws -> (list: ShoppingList, lists: [ListSummary]) {
    let move = changing(name, to: nil, position: position, loaded: false)
    return try journaledWrite(label ?? "lists move \(name) \(position)") { repository in
      let moved = try move(repository)
      return (
        moved.list, Self.withShops(try repository.listSummaries(), try repository.shops())
      )
    }
  }

  /// Renames and moves a list from a task (a server's request), on behalf of `member`, in one
  /// change: either, or both.
  ///
  /// - Returns: The list after, with its items, and the number of the history entry that
  ///   records the change (`nil` when nothing changed).
  public func changeList(
    named old: String, to new: String?, position: Int?, label: String, by member: String?
  ) async throws -> (list: ShoppingList, entry: Int?) {
    let (changed, entry) = try await journaledWriteNumbered(
      labelling: { _ in label }, by: member, changing(old, to: new, position: position))
    return (changed.list, entry)
  }

  /// The list as it was and as it is after a rename.
  struct Renamed: Sendable {
    var oldName: String
    var list: ShoppingList
  }

  /// The list deleted, and the lists that remain.
  struct Deleted: Sendable {
    var list: ShoppingList
    var remaining: [ListSummary]
  }

  /// Moves and/or renames the list `old`, in one change; `loaded` loads its items, for an
  /// answer that shows them.
  private func changing(
    _ old: String, to new: String?, position: Int?, loaded: Bool = true
  ) -> @Sendable (any StorageTransaction) throws -> Renamed {
    let stores = stores
    return { repository in
      let (store, list) = try stores.makeStore(repository, holdingList: old, loaded: loaded)
      if let position { try store.send(.moveList(list.id, toPosition: position)) }
      if let new { try store.send(.renameList(list.id, to: new)) }
      guard let after = store.state.lists[id: list.id] else { throw ShoppingError.noSuchList(old) }
      return Renamed(oldName: list.name, list: after)
    }
  }

  private func deleting(
    _ name: String, force: Bool
  ) -> @Sendable (any StorageTransaction) throws -> Deleted {
    let stores = stores
    return { repository in
      let (store, list) = try stores.makeStore(repository, holdingList: name)
      try store.send(.deleteList(list.id, force: force))
      try repository.rememberLeaving(Array(list.products))
      return Deleted(list: list, remaining: try repository.listSummaries())
    }
  }
}

// MARK: - Settings

extension ShoppingService {
  /// Makes the list `name` the one used when no list is named. The list named "shopping" is
  /// created first when missing.
  ///
  /// - Returns: The list, and whether it already was the default.
  @discardableResult
  public func makeDefault(
    listNamed name: String, label: String? = nil
  ) throws -> (list: ShoppingList, wasDefault: Bool) {
    let listName = try Naming.name(name)
    if Self.isDefaultList(listName) { try createDefaultList() }
    return try journaledWrite(label ?? "lists default \(listName)") { repository in
      let (store, list) = try stores.makeStore(repository, holdingList: listName, loaded: false)
      let effects = try store.send(.makeDefault(list.id))
      return (list, effects.isEmpty)
    }
  }
}

// MARK: - Finding

/// An item found by ``ShoppingService/find(_:)``, with where it is.
public struct FoundItem: Equatable, Sendable {
  /// The item's list's name.
  public var list: String
  /// The item's number in its list (1-based position).
  public var position: Int
  /// The item.
  public var product: Product

  /// Creates a found item.
  public init(list: String, position: Int, product: Product) {
    self.list = list
    self.position = position
    self.product = product
  }
}

extension ShoppingService {
  /// The items of every list whose name, category or note contains `text`, compared with case
  /// and accents ignored, list by list in the order the lists were created, each list's items
  /// in its order; read from one snapshot.
  public func find(_ text: String) throws -> [FoundItem] {
    let needle = Self.folded(text)
    guard !needle.isEmpty else { return [] }
    var found: [FoundItem] = []
    try forEachList { list in
      for (offset, product) in list.products.enumerated()
      where [product.name, product.category, product.note].contains(where: { field in
        field.map { Self.folded($0).contains(needle) } ?? false
      }) {
        found.append(FoundItem(list: list.name, position: offset + 1, product: product))
      }
    }
    return found
  }

  /// `text` as ``find(_:)`` compares it: folded as names are compared, accents dropped (see
  /// ``ShoppingCore/Naming/looselyFolded(_:)``), white space runs as one space.
  static func folded(_ text: String) -> String {
    Naming.looselyFolded(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
