import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

/// What history keeps of rows a change overwrites: products with their list and place, lists,
/// orders, the default list and shops, as they stand before the change.
extension PostgresTransaction {
  private static let storedColumns = productColumns + ", list_id, position"

  private func stored(_ row: Row) throws(DatabaseError) -> StoredProduct {
    StoredProduct(product: try product(row), listID: try row.uuid(9), position: try row.integer(10))
  }

  public func storedProduct(_ id: Product.ID) throws(DatabaseError) -> StoredProduct? {
    try storedProducts([id]).first
  }

  public func storedProducts(_ ids: [Product.ID]) throws(DatabaseError) -> [StoredProduct] {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(ids)
    return try session.query(
      "SELECT \(Self.storedColumns) FROM product WHERE id = ANY($1)", binds
    ).map { row throws(DatabaseError) in try stored(row) }
  }

  public func storedList(
    _ id: ShoppingList.ID, withProducts: Bool
  ) throws(DatabaseError) -> StoredList? {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(id)
    guard
      let row = try session.query(
        "SELECT name, created_at, position, is_default, shop_id FROM list WHERE id = $1", binds
      ).first
    else { return nil }
    var list = StoredList(
      name: try row.text(0), createdAt: try row.date(1), position: try row.integer(2),
      isDefault: try row.bool(3), shopID: try row.decode(4, as: UUID?.self))
    if withProducts {
      list.products = try session.query(
        "SELECT \(Self.storedColumns) FROM product WHERE list_id = $1 ORDER BY position, sequence",
        binds
      ).map { row throws(DatabaseError) in try stored(row) }
    }
    return list
  }

  public func storedOrder(ofList id: ShoppingList.ID) throws(DatabaseError) -> [Product.ID] {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(id)
    return try session.query(
      "SELECT id FROM product WHERE list_id = $1 ORDER BY position, sequence", binds
    ).map { row throws(DatabaseError) in try row.uuid(0) }
  }

  public func storedDefaultList() throws(DatabaseError) -> ShoppingList.ID? {
    try checkUsable()
    return try session.query("SELECT id FROM list WHERE is_default").first?.uuid(0)
  }
}
