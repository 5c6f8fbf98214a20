import ShoppingCore

extension InMemoryTransaction {
  public func rememberedItems(
    named keys: Set<NameKey>?
  ) throws(DatabaseError) -> [RememberedItem] {
    try checkUsable()
    guard let keys else { return Array(tables.remembered.values) }
    return keys.compactMap { tables.remembered[$0] }
  }

  public func remember(_ items: [RememberedItem]) throws(DatabaseError) {
    try checkUsable(writing: true)
    for item in items {
      tables.remembered[item.key] = tables.remembered[item.key].map { item.adding($0) } ?? item
    }
  }
}
