import ShoppingCore
import ShoppingSQLite

// MARK: - Managing lists

extension ShoppingService {
  /// Creates an empty list.
  ///
  /// - Returns: The new list.
  /// - Throws: ``ShoppingCore/ShoppingError/listNameTaken(_:)`` or an invalid name.
  @discardableResult
  public func createList(named name: String, label: String? = nil) throws -> ShoppingList {
    try journaledWrite(label ?? "lists create \(name)") { repository in
      let store = try makeStore(repository, loadingListsNamed: [])
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
    try journaledWrite(label ?? "lists rename \(old) \(new)") { repository in
      let store = try makeStore(repository, loadingListsNamed: [old])
      guard let list = store.state.list(named: old) else { throw ShoppingError.noSuchList(old) }
      try store.send(.renameList(list.id, to: new))
      guard let renamed = store.state.lists[id: list.id] else {
        throw ShoppingError.noSuchList(old)
      }
      return (list.name, renamed)
    }
  }

  /// Deletes a list; one that still has items needs `force`.
  ///
  /// - Returns: The deleted list with the items it had, and the lists that remain.
  @discardableResult
  public func deleteList(
    named name: String, force: Bool, label: String? = nil
  ) throws -> (deleted: ShoppingList, remaining: [ListSummary]) {
    try journaledWrite(label ?? "lists delete \(name)") { repository in
      let store = try makeStore(repository, loadingListsNamed: [name])
      guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
      try store.send(.deleteList(list.id, force: force))
      return (list, try repository.listSummaries())
    }
  }
}
