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

  /// Up to a thousand names a statement (a clear of a long list is one round trip, not one
  /// a row), each name once: a statement may not change one row twice, so the items are
  /// merged by name first, as they would be one after another.
  public func remember(_ items: [RememberedItem]) throws(DatabaseError) {
    try checkUsable(writing: true)
    let merged = RememberedItem.merged(items)
    var start = merged.startIndex
    while start < merged.endIndex {
      let chunk = merged[start..<min(start + 1_000, merged.endIndex)]
      var binds = PostgresBindings()
      var rows: [String] = []
      for item in chunk {
        let first = binds.count + 1
        binds.append(item.key.value)
        binds.append(item.name)
        binds.append(item.quantity.description)
        binds.append(item.unit)
        binds.append(item.category)
        binds.append(PreciseTime(item.updatedAt))
        binds.append(Int64(item.times))
        rows.append("(" + (first..<first + 7).map { "$\($0)" }.joined(separator: ", ") + ")")
      }
      try session.execute(
        """
        INSERT INTO remembered AS r (name_key, name, quantity, unit, category, updated_at, times)
        VALUES \(rows.joined(separator: ", "))
        ON CONFLICT (name_key) DO UPDATE SET
          times = r.times + excluded.times,
          name = CASE WHEN excluded.updated_at >= r.updated_at THEN excluded.name ELSE r.name END,
          quantity = CASE WHEN excluded.updated_at >= r.updated_at
            THEN excluded.quantity ELSE r.quantity END,
          unit = CASE WHEN excluded.updated_at >= r.updated_at THEN excluded.unit ELSE r.unit END,
          category = CASE WHEN excluded.updated_at >= r.updated_at
            THEN excluded.category ELSE r.category END,
          updated_at = greatest(excluded.updated_at, r.updated_at)
        """, binds)
      start = chunk.endIndex
    }
  }
}
