import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

/// Answers reference queries about one list in PostgreSQL, through the list's indexes: a name
/// is one row found by its key, a position one step along the order index, so that resolving
/// `milk` on a 100,000-item list sends back a row, not the list.
struct PostgresProductLookup: ProductLookup {
  let transaction: PostgresTransaction
  let listID: ShoppingList.ID

  func product(atPosition position: Int) throws -> Product? {
    try products(atPositions: [position])[position]
  }

  func products(atPositions positions: Set<Int>) throws -> [Int: Product] {
    let wanted = positions.filter { $0 >= 1 }.sorted()
    guard let last = wanted.last else { return [:] }
    var binds = PostgresBindings()
    binds.append(listID)
    binds.append(Int64(last))
    binds.append(wanted.map(Int64.init))
    var found: [Int: Product] = [:]
    // Numbered along the order index, no further than the largest position asked for.
    for row in try query(
      """
      SELECT * FROM (
        SELECT \(PostgresTransaction.productColumns),
          row_number() OVER (ORDER BY position, sequence) AS number
        FROM (
          SELECT * FROM product WHERE list_id = $1 ORDER BY position, sequence LIMIT $2
        ) AS first
      ) AS numbered
      WHERE number = ANY($3)
      """, binds)
    {
      found[Int(try row.integer(9))] = try transaction.product(row)
    }
    return found
  }

  func product(withKey key: NameKey) throws -> Product? {
    var binds = PostgresBindings()
    binds.append(listID)
    binds.append(key.value)
    return try query(
      """
      SELECT \(PostgresTransaction.productColumns) FROM product
      WHERE list_id = $1 AND name_key = $2
      """, binds
    ).first.map { row throws(DatabaseError) in try transaction.product(row) }
  }

  /// In the order of their keys' bytes, as SQLite's index gives them, whatever the database's
  /// collation.
  func products(withKeyPrefix prefix: NameKey, limit: Int?) throws -> [Product] {
    var binds = PostgresBindings()
    binds.append(listID)
    binds.append(prefix.value)
    binds.append(limit.map(Int64.init))
    return try query(
      """
      SELECT \(PostgresTransaction.productColumns) FROM product
      WHERE list_id = $1 AND starts_with(name_key, $2)
      ORDER BY name_key COLLATE "C" LIMIT $3
      """, binds
    ).map { row throws(DatabaseError) in try transaction.product(row) }
  }

  private func query(_ sql: String, _ binds: PostgresBindings) throws(DatabaseError) -> [Row] {
    try transaction.checkUsable()
    return try transaction.session.query(sql, binds)
  }
}
