import ShoppingCore
import ShoppingStorage

extension ListSession {
  /// Refuses `intent` unless every item it names satisfies `precondition`, before anything
  /// is sent: a conditional intent either applies whole or changes nothing.
  func require(_ precondition: ItemPrecondition, of intent: ListIntent) throws {
    for (name, item) in try items(namedBy: intent) {
      if let item {
        guard precondition.holds(for: item) else { throw try failure(precondition, item) }
      } else if case .unchangedSince = precondition {
        // Gone since it was seen: not as it was either.
        throw ShoppingError.noSuchItem(name, list: try list.name)
      }
    }
  }

  /// The items `intent` names, each with the name that named it: for an add, the item of
  /// each name given (`nil` when there is none); otherwise the items its references resolved
  /// to.
  private func items(namedBy intent: ListIntent) throws -> [(String, Product?)] {
    switch intent {
    case let .add(items):
      // A bad name is refused as the add itself refuses it, before any precondition.
      return try items.map { item in
        let name = try Naming.name(item.name)
        return (name, try list.product(named: name))
      }
    case let .conditional(inner, _):
      return try items(namedBy: inner)
    default:
      return try resolved.map { id in
        let item = try list.products[id: id]
        return (item?.name ?? id.uuidString, item)
      }
    }
  }

  /// The failure for `item`, with its position in the whole list (read only now, on this
  /// rare path, when the intent loaded only part of the list).
  private func failure(
    _ precondition: ItemPrecondition, _ item: Product
  ) throws -> PreconditionFailure {
    let current = try list
    let whole = current.isLoaded ? current : try repository.loadList(current)
    guard let index = whole.products.index(id: item.id) else {
      throw ShoppingError.noSuchItem(item.name, list: current.name)
    }
    return PreconditionFailure(
      precondition: precondition, item: item, position: index + 1, list: current.name,
      changedBy: try lastChange(of: item.id))
  }

  /// The newest of the recent history entries that added or changed the item `id`: whose
  /// change a refused intent would have overwritten.
  private func lastChange(of id: Product.ID) throws -> HistoryEntry? {
    let newest = try repository.newestHistoryID()
    let first = max(1, newest - ShoppingService.activityLimit + 1)
    guard first <= newest else { return nil }
    return try repository.historyRecords(Array(first...newest)).reversed().first { _, change in
      change.products[id] != nil || change.addedTo[id] != nil
    }?.entry
  }
}
