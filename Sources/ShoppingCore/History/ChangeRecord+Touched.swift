/// What a change touched, to tell whether a later change stands in the way of undoing it.
public struct Touched: Equatable, Sendable {
  /// Products it added, changed or removed.
  public var products: Set<Product.ID> = []
  /// Lists it created, renamed or deleted.
  public var lists: Set<ShoppingList.ID> = []
  /// Lists it created: undoing the creation deletes the list, unless later changes put items
  /// of their own in it (see ``ChangeRecord/inverse(rebasedOn:)``).
  public var createdLists: Set<ShoppingList.ID> = []
  /// Lists whose products it added, changed or removed.
  public var listsOfProducts: Set<ShoppingList.ID> = []
  /// Lists it reordered.
  public var orders: Set<ShoppingList.ID> = []
  /// Settings it changed.
  public var settings: Set<ChangeRecord.Setting> = []

  /// Whether a change that touched `later`, after this one, stands in the way of undoing
  /// this one: it changed one of the same products, or renamed, deleted or reordered one of
  /// the same lists. A later change to other products of the same list does not.
  public func isBlocked(by later: Touched) -> Bool {
    !products.isDisjoint(with: later.products) || !lists.isDisjoint(with: later.lists)
      || !orders.isDisjoint(with: later.orders) || !settings.isDisjoint(with: later.settings)
  }
}

extension ChangeRecord {
  /// What this change touched.
  public var touched: Touched {
    var touched = Touched()
    touched.products.reserveCapacity(steps.count)
    var lastList: ShoppingList.ID?
    for step in steps {
      let effect: PersistenceEffect
      switch step {
      case let .added(id, listID), let .restored(id, listID):
        touched.products.insert(id)
        // Steps of one list follow one another: hash its id once per run of them.
        if listID != lastList {
          touched.listsOfProducts.insert(listID)
          lastList = listID
        }
        continue
      case let .executed(executed):
        effect = executed
      }
      switch effect {
      case let .deleteList(id), let .renameList(id, _):
        touched.lists.insert(id)
      case let .insertList(id, _, _):
        touched.lists.insert(id)
        touched.createdLists.insert(id)
      case let .deleteProducts(ids):
        touched.products.formUnion(ids)
        touched.listsOfProducts.formUnion(ids.compactMap { products[$0]?.listID })
      case .insertProduct, .restoreProduct:
        break  // recorded as steps of their own, above
      case let .reorderProducts(listID, _):
        touched.orders.insert(listID)
      case .setDefaultList, .setShopOrder:
        if let setting = ChangeRecord.Setting(changedBy: effect) {
          touched.settings.insert(setting)
        }
      case let .updateProduct(product):
        touched.products.insert(product.id)
        if let listID = products[product.id]?.listID ?? addedTo[product.id] {
          touched.listsOfProducts.insert(listID)
        }
      }
    }
    return touched
  }

  /// The lists whose current order ``inverse(rebasedOn:)`` needs: those this change
  /// reordered or created.
  public var listsToRebase: Set<ShoppingList.ID> {
    var lists = Set(orders.keys)
    for case let .executed(.insertList(id, _, _)) in steps { lists.insert(id) }
    return lists
  }

  /// The inverse adjusted to what later changes made of the lists: each reorder keeps the
  /// products added since after the restored ones and leaves out those removed since, and a
  /// list this change created stays when later changes put items of their own in it. Undoing
  /// right after the change needs no adjustment.
  ///
  /// - Parameter currentOrders: The current order of each of ``listsToRebase``.
  public func inverse(
    rebasedOn currentOrders: [ShoppingList.ID: [Product.ID]]
  ) -> [PersistenceEffect] {
    inverse().compactMap { effect in
      switch effect {
      case let .reorderProducts(listID, order):
        guard let current = currentOrders[listID] else { return effect }
        let present = Set(current)
        let restored = order.filter(present.contains)
        let kept = Set(restored)
        return .reorderProducts(
          listID: listID, order: restored + current.filter { !kept.contains($0) })
      case let .deleteList(id):
        let others = currentOrders[id, default: []].filter { addedTo[$0] == nil }
        return others.isEmpty ? effect : nil
      default:
        return effect
      }
    }
  }
}
