import ShoppingCore

extension ListSession {
  /// Sends what `intent` asks, and says what happened to each item it named.
  func apply(_ intent: ListIntent) throws -> [ItemChange] {
    switch intent {
    case let .add(items):
      let remembered = try rememberedCategories(of: items)
      return try items.map { item in
        let before = try list.product(named: item.name)
        var changes = item.changes
        if before == nil, changes.category == nil, !remembered.isEmpty,
          let category = remembered.first(where: { $0.key == NameKey(lookingUp: item.name) })?
            .category
        {
          changes = ProductChanges(
            validQuantity: changes.quantity, unit: changes.unit, category: .some(category),
            note: changes.note, isChecked: changes.isChecked)
        }
        try send(.add(name: item.name, changes))
        return ItemChange(before: before, after: try list.product(named: item.name))
      }

    case let .conditional(intent, precondition):
      try require(precondition, of: intent)
      return try apply(intent)

    case .clearChecked:
      let checked = try list.products.filter(\.isChecked)
      try send(.clearChecked)
      return checked.map { ItemChange(before: $0, after: nil) }

    case let .edit(_, name, changes):
      return try changing(resolved) { id in
        if let name { try send(.rename(id, to: name)) }
        try send(.product(id, .edited(changes)))
      }

    case let .move(_, position):
      return try changing(resolved) { id in try send(.move(id, toPosition: position)) }

    case .remove:
      let removed = try resolved.compactMap { try list.products[id: $0] }
      try send(.remove(resolved))
      return removed.map { ItemChange(before: $0, after: nil) }

    case let .rename(_, name):
      return try changing(resolved) { id in try send(.rename(id, to: name)) }

    case .resetChecks:
      let checked = try list.products.filter(\.isChecked)
      try send(.resetChecks)
      return try checked.map { ItemChange(before: $0, after: try list.products[id: $0.id]) }

    case let .set(action, _):
      return try changing(resolved) { id in try send(.product(id, action)) }

    case let .sort(order):
      try send(.sort(by: order))
      return []
    case let .sortByAisle(shop):
      let shops = store.state.shops ?? Shops()
      try send(.sortByAisle(try shops.shop(named: shop, forList: listID)?.aisles ?? .none))
      return []
    }
  }

  /// The category each new item of `items` that asks for none is given: the one the most
  /// recently changed item of its name had, on any list now or as remembered once it left one
  /// (see `ShoppingCore/RememberedItem`). Items the list has, or whose item of that name had no
  /// category, are not in it. A few pairs, searched in order: no dictionary type of its own
  /// for the run time to set up on a command's one add.
  private func rememberedCategories(
    of items: [ListIntent.NewItem]
  ) throws -> [(key: NameKey, category: String)] {
    let list = try list
    let keys = Set(
      items.filter { $0.changes.category == nil && list.product(named: $0.name) == nil }
        .compactMap { try? Naming.name($0.name) }.map(Naming.key))
    guard !keys.isEmpty else { return [] }
    var candidates = try repository.rememberedItems(named: keys)
    for other in store.state.lists where other.id != listID {
      let part = try repository.partialList(other, keys: Array(keys), ids: [])
      candidates += part.products.map(RememberedItem.init)
    }
    return keys.compactMap { key in
      RememberedItem.category(of: key, among: candidates).map { (key, $0) }
    }
  }

  /// Runs `body` for each item, recording each item before and after.
  private func changing(
    _ ids: [Product.ID], _ body: (Product.ID) throws -> Void
  ) throws -> [ItemChange] {
    try ids.map { id in
      let before = try list.products[id: id]
      try body(id)
      return ItemChange(before: before, after: try list.products[id: id])
    }
  }
}
