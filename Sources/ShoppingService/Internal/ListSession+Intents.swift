import ShoppingCore

extension ListSession {
  /// Sends what `intent` asks, and says what happened to each item it named.
  func apply(_ intent: ListIntent) throws -> [ItemChange] {
    switch intent {
    case let .add(items):
      return try items.map { item in
        let before = try list.product(named: item.name)
        try send(.add(name: item.name, item.changes))
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
    case .sortByAisle:
      try send(.sortByAisle(store.state.shopOrder ?? .none))
      return []
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
