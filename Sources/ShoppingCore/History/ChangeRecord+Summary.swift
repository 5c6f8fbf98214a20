extension ChangeRecord {
  /// What the change did, per list, in the list order of `names` (then lists named only by the
  /// change): `shopping: 120 added, 3 updated; party: created`.
  ///
  /// - Parameter names: The lists' current names; lists the change deleted or renamed are
  ///   named as the change knew them.
  public func summary(listNames names: [ShoppingList.ID: String]) -> String {
    var order: [ShoppingList.ID] = []
    // Each product once per word: an item an import names twice was updated once.
    var counts: [ShoppingList.ID: [String: Set<Product.ID>]] = [:]
    var notes: [ShoppingList.ID: [String]] = [:]
    var settingNotes: [String] = []
    func count(_ word: String, _ list: ShoppingList.ID?, _ product: Product.ID) {
      guard let list else { return }
      if counts[list] == nil, notes[list] == nil { order.append(list) }
      counts[list, default: [:]][word, default: []].insert(product)
    }
    func note(_ text: String, _ list: ShoppingList.ID) {
      if counts[list] == nil, notes[list] == nil { order.append(list) }
      notes[list, default: []].append(text)
    }
    for step in steps {
      let effect: PersistenceEffect
      switch step {
      case let .added(id, listID):
        count("added", listID, id)
        continue
      case let .restored(id, listID):
        count("restored", listID, id)
        continue
      case let .executed(executed):
        effect = executed
      }
      switch effect {
      case let .deleteList(id): note("deleted", id)
      case let .deleteProducts(ids):
        for id in ids { count("removed", products[id]?.listID ?? addedTo[id], id) }
      case let .insertList(id, _, _): note("created", id)
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
          count("updated", products[product.id]?.listID, product.id)
        }
      }
    }
    let words = ["added", "updated", "removed", "restored"]
    let perList = order.map { list in
      let name = names[list] ?? lists[list]?.name ?? "?"
      let parts =
        (notes[list] ?? [])
        + words.compactMap { word in counts[list]?[word].map { "\($0.count) \(word)" } }
      return "\(name): " + parts.joined(separator: ", ")
    }
    return (perList + settingNotes).joined(separator: "; ")
  }
}
