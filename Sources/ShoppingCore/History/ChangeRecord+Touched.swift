/// What a change touched, to tell whether a later change stands in the way of undoing it.
public struct Touched: Equatable, Sendable {
  /// Products it added, changed or removed, with a list it deleted.
  public var products: Set<Product.ID> = []
  /// Lists it created, renamed or deleted.
  public var lists: Set<ShoppingList.ID> = []
  /// Lists it created: undoing the creation deletes the list, unless later changes put items
  /// of their own in it (see ``ChangeRecord/inverse(rebasedOn:)``).
  public var createdLists: Set<ShoppingList.ID> = []
  /// Lists it deleted.
  public var deletedLists: Set<ShoppingList.ID> = []
  /// Lists whose products it added, changed or removed.
  public var listsOfProducts: Set<ShoppingList.ID> = []
  /// Lists it reordered.
  public var orders: Set<ShoppingList.ID> = []
  /// Lists it made the default or took the mark from: undoing it gives the mark back.
  public var markedLists: Set<ShoppingList.ID> = []
  /// Settings it changed.
  public var settings: Set<ChangeRecord.Setting> = []
  /// Shops it made, renamed, reordered or deleted, or gave a list or took from one.
  public var shops: Set<Shop.ID> = []
  /// Lists whose shop it changed.
  public var listShops: Set<ShoppingList.ID> = []

  /// Why a later change stands in the way of undoing an earlier one.
  public enum Conflict: Equatable, Sendable {
    /// It changed, added or removed one of the same products.
    case items
    /// It renamed or deleted one of the same lists.
    case lists
    /// It reordered one of the same lists.
    case order
    /// It changed the same setting.
    case setting
    /// It changed one of the same shops, or the shop of one of the same lists.
    case shops
    /// It deleted a list the undo would write to or mark: the list of products the earlier
    /// change touched, or one it gave or took the default mark.
    case deletedList
    /// It gave the default mark to a list the earlier change created, or took it from one:
    /// undoing the creation would delete the list and its mark with it.
    case markedList
  }

  /// What stands in the way of undoing this change, if `later`, a change made after it,
  /// does: it changed one of the same products, renamed, deleted or reordered one of the
  /// same lists, changed the same setting, moved the default mark to or from a list this one
  /// created, or deleted a list the undo needs. A later change to other products of the same
  /// list does not.
  public func conflict(with later: Touched) -> Conflict? {
    if !products.isDisjoint(with: later.products) { return .items }
    if !lists.isDisjoint(with: later.lists) { return .lists }
    if !orders.isDisjoint(with: later.orders) { return .order }
    if !settings.isDisjoint(with: later.settings) { return .setting }
    if !shops.isDisjoint(with: later.shops) || !listShops.isDisjoint(with: later.listShops) {
      return .shops
    }
    if !createdLists.isDisjoint(with: later.markedLists) { return .markedList }
    guard !later.deletedLists.isEmpty else { return nil }
    let needed = listsOfProducts.union(orders).union(markedLists).union(listShops)
    return needed.isDisjoint(with: later.deletedLists) ? nil : .deletedList
  }

  /// Of two conflicts, the one ``conflict(with:)`` names when a change shows both: a change
  /// checked part by part names the first of its parts' conflicts.
  public static func first(_ one: Conflict, _ other: Conflict) -> Conflict {
    let order: [Conflict] = [
      .items, .lists, .order, .setting, .shops, .markedList, .deletedList,
    ]
    return (order.firstIndex(of: other) ?? 0) < (order.firstIndex(of: one) ?? 0) ? other : one
  }

  /// Whether `later`, made after this change, stands in the way of undoing it (see
  /// ``conflict(with:)``).
  public func isBlocked(by later: Touched) -> Bool {
    conflict(with: later) != nil
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
      case let .deleteList(id):
        touched.lists.insert(id)
        touched.deletedLists.insert(id)
        // Its products went with it, and so did its mark if it had one.
        if let list = lists[id] {
          touched.products.formUnion(list.products.lazy.map(\.product.id))
          if list.isDefault {
            touched.settings.insert(.defaultList)
            touched.markedLists.insert(id)
          }
          if let shop = list.shopID {
            touched.listShops.insert(id)
            touched.shops.insert(shop)
          }
        }
      case let .renameList(id, _):
        touched.lists.insert(id)
      case let .insertList(id, _, _), let .restoreList(id, _, _, _):
        touched.lists.insert(id)
        touched.createdLists.insert(id)
      case let .deleteProducts(ids):
        touched.products.formUnion(ids)
        touched.listsOfProducts.formUnion(ids.compactMap { products[$0]?.listID })
      case .insertProduct, .restoreProduct:
        break  // recorded as steps of their own, above
      case let .reorderProducts(listID, _):
        touched.orders.insert(listID)
      case let .setDefaultList(id):
        touched.settings.insert(.defaultList)
        if let id { touched.markedLists.insert(id) }
        if case let .setDefaultList(earlier?)? = settings[.defaultList] {
          touched.markedLists.insert(earlier)
        }
      case .setShopOrder:
        touched.settings.insert(.shopOrder)
      case .reorderLists:
        touched.settings.insert(.listOrder)
      case let .insertShop(id, _), let .restoreShop(id, _, _, _), let .deleteShop(id),
        let .renameShop(id, _), let .setAisles(id, _):
        touched.shops.insert(id)
      case let .setDefaultShop(id):
        touched.settings.insert(.defaultShop)
        if let id { touched.shops.insert(id) }
        if case let .setDefaultShop(earlier?)? = settings[.defaultShop] {
          touched.shops.insert(earlier)
        }
      case let .setListShop(listID, shop):
        touched.listShops.insert(listID)
        if let shop { touched.shops.insert(shop) }
        if let earlier = listShops[listID] ?? nil { touched.shops.insert(earlier) }
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
    for case let .executed(effect) in steps {
      switch effect {
      case let .insertList(id, _, _), let .restoreList(id, _, _, _): lists.insert(id)
      default: break
      }
    }
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
