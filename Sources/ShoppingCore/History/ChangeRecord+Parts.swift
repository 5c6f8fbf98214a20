extension ChangeRecord {
  /// Appends `later`, the record of what followed this change, as recorded from the state this
  /// change left: the result is the record of both, as if recorded in one go.
  ///
  /// A large change is recorded in parts, each holding the earlier version of the rows its
  /// own effects changed first (storage writes them as the change runs rather than holding
  /// the whole record), so each part can be taken back alone: taking back the parts newest
  /// first takes back the change. Appending them gives its record whole.
  ///
  /// ```swift
  /// var whole = parts[0]
  /// for part in parts.dropFirst() { whole.append(part) }
  /// ```
  public mutating func append(_ later: ChangeRecord) {
    // Lists first: a list deleted later takes its products' earliest versions from this part.
    // (An item this change added goes back as the later part found it first: the inverse
    // removes it again.)
    for (id, list) in later.lists {
      var taken = list
      taken.products = list.products.map { products[$0.product.id] ?? $0 }
      guard let earlier = lists[id] else {
        lists[id] = taken
        continue
      }
      // Kept already without its products (a rename), then deleted whole: its products as the
      // deletion found them, with its first name.
      guard earlier.products.isEmpty, !list.products.isEmpty || later.deletes(list: id) else {
        continue
      }
      taken.name = earlier.name
      lists[id] = taken
    }
    steps += later.steps
    for (id, stored) in later.products where addedTo[id] == nil && products[id] == nil {
      products[id] = stored
    }
    addedTo.merge(later.addedTo) { _, latest in latest }
    orders.merge(later.orders) { first, _ in first }
    settings.merge(later.settings) { first, _ in first }
    shops.merge(later.shops) { first, _ in first }
    listShops.merge(later.listShops) { first, _ in first }
  }

  private func deletes(list id: ShoppingList.ID) -> Bool {
    steps.contains { step in
      if case .executed(.deleteList(id)) = step { true } else { false }
    }
  }
}
