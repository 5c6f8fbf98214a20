import PostgresNIO
import ShoppingCore
import ShoppingStorage

extension PostgresTransaction {
  public func rememberedItems(
    named keys: Set<NameKey>?
  ) throws(DatabaseError) -> [RememberedItem] {
    try checkUsable()
    var binds = PostgresBindings()
    var filter = ""
    if let keys {
      binds.append(keys.map(\.value))
      filter = " WHERE name_key = ANY($1)"
    }
    return try session.query(
      "SELECT name, quantity, unit, category, times, updated_at FROM remembered" + filter, binds
    ).map { row throws(DatabaseError) in
      let text = try row.text(1)
      guard let quantity = try? Quantity(text) else {
        throw corrupt("invalid remembered.quantity \"\(text)\"")
      }
      return RememberedItem(
        name: try row.text(0), quantity: quantity, unit: try row.optionalText(2),
        category: try row.optionalText(3), times: Int(try row.integer(4)),
        updatedAt: try row.preciseDate(5))
    }
  }

  public func remember(_ items: [RememberedItem]) throws(DatabaseError) {
    try checkUsable(writing: true)
    for item in items {
      var binds = PostgresBindings()
      binds.append(item.key.value)
      binds.append(item.name)
      binds.append(item.quantity.description)
      binds.append(item.unit)
      binds.append(item.category)
      binds.append(PreciseTime(item.updatedAt))
      binds.append(Int64(item.times))
      try session.execute(
        """
        INSERT INTO remembered AS r (name_key, name, quantity, unit, category, times, updated_at)
        VALUES ($1, $2, $3, $4, $5, $7, $6)
        ON CONFLICT (name_key) DO UPDATE SET
          times = r.times + $7,
          name = CASE WHEN $6 >= r.updated_at THEN $2 ELSE r.name END,
          quantity = CASE WHEN $6 >= r.updated_at THEN $3 ELSE r.quantity END,
          unit = CASE WHEN $6 >= r.updated_at THEN $4 ELSE r.unit END,
          category = CASE WHEN $6 >= r.updated_at THEN $5 ELSE r.category END,
          updated_at = greatest($6, r.updated_at)
        """, binds)
    }
  }
}
