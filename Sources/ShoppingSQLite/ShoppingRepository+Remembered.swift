import ShoppingCore
import ShoppingStorage

extension ShoppingRepository {
  public func rememberedItems(
    named keys: Set<NameKey>?
  ) throws(DatabaseError) -> [RememberedItem] {
    try checkUsable()
    let columns = "SELECT name, quantity, unit, category, times, updatedAt FROM remembered"
    var found: [RememberedItem] = []
    let read = { (row: Row) throws(DatabaseError) in
      found.append(try self.decodeRemembered(row))
    }
    guard let keys else {
      try connection.query(columns, [], row: read)
      return found
    }
    for key in keys {
      try connection.query(columns + " WHERE nameKey = ?", [.key(key)], row: read)
    }
    return found
  }

  private func decodeRemembered(_ row: Row) throws(DatabaseError) -> RememberedItem {
    RememberedItem(
      name: row.text(0), quantity: try decodeQuantity(row, 1), unit: row.optionalText(2),
      category: row.optionalText(3), times: Int(row.integer(4)),
      updatedAt: try decodeDate(row, 5, "remembered.updatedAt"))
  }

  public func remember(_ items: [RememberedItem]) throws(DatabaseError) {
    try checkUsable(writing: true)
    for item in items {
      try connection.run(
        """
        INSERT INTO remembered (nameKey, name, quantity, unit, category, times, updatedAt)
        VALUES (?1, ?2, ?3, ?4, ?5, ?7, ?6)
        ON CONFLICT (nameKey) DO UPDATE SET
          times = times + ?7,
          name = iif(?6 >= updatedAt, ?2, name),
          quantity = iif(?6 >= updatedAt, ?3, quantity),
          unit = iif(?6 >= updatedAt, ?4, unit),
          category = iif(?6 >= updatedAt, ?5, category),
          updatedAt = max(?6, updatedAt)
        """,
        [
          .key(item.key), .text(item.name), .text("\(item.quantity)"), .text(item.unit),
          .text(item.category), .date(item.updatedAt), .integer(Int64(item.times)),
        ])
    }
  }
}
