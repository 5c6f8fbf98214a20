/// What storage holds before effects run: what a ``ChangeRecorder`` reads to keep the earlier
/// version of every row an effect is about to change or remove.
public protocol StoredRows {
  /// The product with this id, with its list and sort key, if storage has it.
  func storedProduct(_ id: Product.ID) throws -> StoredProduct?
  /// The list with this id, with all its products when `withProducts`, if storage has it.
  func storedList(_ id: ShoppingList.ID, withProducts: Bool) throws -> StoredList?
  /// The ids of the list's products, in list order.
  func storedOrder(ofList id: ShoppingList.ID) throws -> [Product.ID]
}

/// Builds a ``ChangeRecord`` as effects are executed: called with each effect just before it
/// runs (after the effects before it ran), it keeps the earlier version of every row the
/// effect changes or removes (only the first time a row is touched: that is the version an
/// undo restores).
public struct ChangeRecorder: Sendable {
  /// What was recorded so far.
  public private(set) var change = ChangeRecord()

  /// A recorder with nothing recorded.
  public init() {}

  /// Records `effect`, about to run against `storage`.
  public mutating func record(
    _ effect: PersistenceEffect, before storage: some StoredRows
  ) throws {
    switch effect {
    case let .deleteList(id):
      if change.lists[id] == nil || change.lists[id]?.products.isEmpty == true {
        // A list deleted whole: its products too, whatever was recorded of them before.
        if var list = try storage.storedList(id, withProducts: true) {
          list.products = list.products.map { change.products[$0.product.id] ?? $0 }
          if let earlier = change.lists[id] { list.name = earlier.name }
          change.lists[id] = list
        }
      }
    case let .deleteProducts(ids):
      for id in ids { try keep(id, storage) }
    case let .insertProduct(product, listID), let .restoreProduct(product, listID, _):
      change.addedTo[product.id] = listID
    case .insertList:
      break
    case let .renameList(id, _):
      if change.lists[id] == nil, let list = try storage.storedList(id, withProducts: false) {
        change.lists[id] = list
      }
    case let .reorderProducts(listID, _):
      if change.orders[listID] == nil {
        change.orders[listID] = try storage.storedOrder(ofList: listID)
      }
    case let .updateProduct(product):
      try keep(product.id, storage)
    }
    change.effects.append(effect)
  }

  private mutating func keep(_ id: Product.ID, _ storage: some StoredRows) throws {
    guard change.products[id] == nil, change.addedTo[id] == nil else { return }
    if let stored = try storage.storedProduct(id) { change.products[id] = stored }
  }
}
