extension ChangeRecord {
  /// What the change did, per list, in the list order of `names` (then lists named only by the
  /// change): `shopping: 120 added, 3 updated; party: created`.
  ///
  /// - Parameter names: The lists' current names; lists the change deleted or renamed are
  ///   named as the change knew them.
  public func summary(listNames names: [ShoppingList.ID: String]) -> String {
    var order: [ShoppingList.ID] = []
    var counts: [ShoppingList.ID: Tally] = [:]
    var notes: [ShoppingList.ID: [String]] = [:]
    var settingNotes: [String] = []
    func count(_ word: Tally.Word, _ list: ShoppingList.ID?, _ product: Product.ID) {
      guard let list else { return }
      if counts[list] == nil, notes[list] == nil { order.append(list) }
      counts[list, default: Tally()].count(word, product)
    }
    func note(_ text: String, _ list: ShoppingList.ID) {
      if counts[list] == nil, notes[list] == nil { order.append(list) }
      notes[list, default: []].append(text)
    }
    for step in steps {
      let effect: PersistenceEffect
      switch step {
      case let .added(id, listID):
        count(.added, listID, id)
        continue
      case let .restored(id, listID):
        count(.restored, listID, id)
        continue
      case let .executed(executed):
        effect = executed
      }
      switch effect {
      case let .deleteList(id): note("deleted", id)
      case let .deleteProducts(ids):
        for id in ids { count(.removed, products[id]?.listID ?? addedTo[id], id) }
      case let .insertList(id, _, _), let .restoreList(id, _, _, _): note("created", id)
      case let .renameList(id, name):
        note("renamed from \(lists[id]?.name ?? "?") to \(name)", id)
      case let .reorderProducts(listID, _): note("reordered", listID)
      case .insertProduct, .restoreProduct: break  // recorded as steps of their own, above
      case let .setDefaultList(id?): note("made the default", id)
      case .setDefaultList(nil): break  // goes with the default list's deletion
      case let .setShopOrder(categories):
        settingNotes.append(
          categories.isEmpty
            ? "shop order forgotten" : "shop order: " + categories.joined(separator: ", ")
        )
      case let .updateProduct(product):
        // An item added by the same change counts as added only.
        if addedTo[product.id] == nil {
          count(.updated, products[product.id]?.listID, product.id)
        }
      }
    }
    let perList = order.map { list in
      let name = names[list] ?? lists[list]?.name ?? "?"
      let parts = (notes[list] ?? []) + (counts[list]?.parts ?? [])
      return "\(name): " + parts.joined(separator: ", ")
    }
    return (perList + settingNotes).joined(separator: "; ")
  }
}

/// The items a change added, updated, removed and restored in one list.
private struct Tally {
  enum Word { case added, updated, removed, restored }

  // A product is added, removed or restored at most once in one change, so those are counts;
  // it may be updated many times (an import naming it twice) and is counted once.
  var added = 0
  var updated: Set<Product.ID> = []
  var removed = 0
  var restored = 0

  mutating func count(_ word: Word, _ product: Product.ID) {
    switch word {
    case .added: added += 1
    case .updated: updated.insert(product)
    case .removed: removed += 1
    case .restored: restored += 1
    }
  }

  /// `120 added, 3 updated`: the words with a count, in that order.
  var parts: [String] {
    [(added, "added"), (updated.count, "updated"), (removed, "removed"), (restored, "restored")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
  }
}
