/// What a change touched, to tell whether a later change stands in the way of undoing it.
public struct Touched: Equatable, Sendable {
  /// Products it added, changed or removed.
  public var products: Set<Product.ID> = []
  /// Lists it created, renamed or deleted.
  public var lists: Set<ShoppingList.ID> = []
  /// Lists it created: a later change to any of their products stands in the way, since
  /// undoing the creation deletes the list.
  public var createdLists: Set<ShoppingList.ID> = []
  /// Lists whose products it added, changed or removed.
  public var listsOfProducts: Set<ShoppingList.ID> = []
  /// Lists it reordered.
  public var orders: Set<ShoppingList.ID> = []

  /// Whether a change that touched `later`, after this one, stands in the way of undoing
  /// this one: it changed one of the same products, renamed, deleted or reordered one of the
  /// same lists, or touched a product of a list this one created. A later change to other
  /// products of the same list does not.
  public func isBlocked(by later: Touched) -> Bool {
    !products.isDisjoint(with: later.products) || !lists.isDisjoint(with: later.lists)
      || !createdLists.isDisjoint(with: later.listsOfProducts)
      || !orders.isDisjoint(with: later.orders)
  }
}

extension ChangeRecord {
  /// What this change touched.
  public var touched: Touched {
    var touched = Touched()
    for effect in effects {
      switch effect {
      case let .deleteList(id), let .renameList(id, _):
        touched.lists.insert(id)
      case let .insertList(id, _, _):
        touched.lists.insert(id)
        touched.createdLists.insert(id)
      case let .deleteProducts(ids):
        touched.products.formUnion(ids)
        touched.listsOfProducts.formUnion(ids.compactMap { products[$0]?.listID })
      case let .insertProduct(product, listID), let .restoreProduct(product, listID, _):
        touched.products.insert(product.id)
        touched.listsOfProducts.insert(listID)
      case let .reorderProducts(listID, _):
        touched.orders.insert(listID)
      case let .updateProduct(product):
        touched.products.insert(product.id)
        if let listID = products[product.id]?.listID ?? addedTo[product.id] {
          touched.listsOfProducts.insert(listID)
        }
      }
    }
    return touched
  }

  /// The inverse with each reorder adjusted to the products its list holds now: products
  /// added since keep their place after the restored ones, products removed since are left
  /// out. Undoing right after the change needs no adjustment.
  ///
  /// - Parameter currentOrders: The current order of each list this change reordered.
  public func inverse(
    rebasedOn currentOrders: [ShoppingList.ID: [Product.ID]]
  ) -> [PersistenceEffect] {
    inverse().map { effect in
      guard case let .reorderProducts(listID, order) = effect,
        let current = currentOrders[listID]
      else { return effect }
      let present = Set(current)
      let restored = order.filter(present.contains)
      let kept = Set(restored)
      return .reorderProducts(
        listID: listID, order: restored + current.filter { !kept.contains($0) })
    }
  }
}
