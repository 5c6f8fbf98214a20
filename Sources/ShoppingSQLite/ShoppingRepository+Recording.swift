import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Recording changes

extension ShoppingRepository: StorageTransaction {
  /// Stores a part of the next history entry's record (see
  /// `ShoppingStorage/EffectEngine/storeRecordPart(_:index:entry:)`). A part that cannot be
  /// written leaves the history short of what the change did, so the transaction can no
  /// longer commit.
  public func storeRecordPart(
    _ part: ChangeRecord, index: Int, entry: Int?
  ) throws(DatabaseError) -> Int {
    do {
      let entry = if let entry { entry } else { try firstPartEntry() }
      try connection.run(
        "INSERT INTO historyPart (entry, part, record) VALUES (?, ?, ?)",
        [.integer(Int64(entry)), .integer(Int64(index)), .bytes(ChangeRecordCodec.encode(part))])
      return entry
    } catch {
      abort(with: error)
      throw error
    }
  }

  /// The number the next history entry takes, cleared of parts a transaction that restarted
  /// its recording could not clear.
  private func firstPartEntry() throws(DatabaseError) -> Int {
    let entry = try (connection.integer("SELECT max(id) FROM history") ?? 0) + 1
    try connection.run("DELETE FROM historyPart WHERE entry = ?", [.integer(Int64(entry))])
    return entry
  }

  public func discardRecordParts(ofEntry entry: Int) {
    try? connection.run("DELETE FROM historyPart WHERE entry = ?", [.integer(Int64(entry))])
  }

  /// Made once: an undo of a large import reads every product it removes with it.
  private static let storedProductByID =
    "SELECT \(productColumns), listId, position FROM product WHERE id = ?"

  public func storedProduct(_ id: Product.ID) throws(DatabaseError) -> StoredProduct? {
    try checkUsable()
    var found: StoredProduct?
    try connection.query(Self.storedProductByID, [.id(id)]) { row throws(DatabaseError) in
      found = try storedProduct(row)
    }
    return found
  }

  /// Many to a statement (see `IDChunkStatement`).
  public func storedProducts(_ ids: [Product.ID]) throws(DatabaseError) -> [StoredProduct] {
    try checkUsable()
    var found: [StoredProduct] = []
    found.reserveCapacity(ids.count)
    try forEachChunk(of: ids) { (chunk, values) throws(DatabaseError) in
      try connection.query(Self.storedProductsByID.text(for: chunk.count), values) {
        row throws(DatabaseError) in
        found.append(try storedProduct(row))
      }
    }
    return found
  }

  private static let storedProductsByID = IDChunkStatement(
    "SELECT \(productColumns), listId, position FROM product WHERE id IN ")

  public func storedList(
    _ id: ShoppingList.ID, withProducts: Bool
  ) throws(DatabaseError) -> StoredList? {
    try checkUsable()
    var found: StoredList?
    try connection.query(
      "SELECT name, createdAt, rowid, isDefault, shopId FROM list WHERE id = ?", [.id(id)]
    ) { row throws(DatabaseError) in
      guard let createdAt = row.date(1) else {
        throw DatabaseError(
          reason: .corrupt, path: connection.path, message: "invalid list.createdAt"
        )
      }
      found = StoredList(
        name: row.text(0), createdAt: createdAt, position: row.integer(2),
        isDefault: row.integer(3) != 0, shopID: row.uuid(4))
    }
    guard withProducts, var list = found else { return found }
    try connection.query(
      """
      SELECT \(Self.productColumns), listId, position FROM product
      WHERE listId = ? ORDER BY position, rowid
      """,
      [.id(id)]
    ) { row throws(DatabaseError) in
      list.products.append(try storedProduct(row))
    }
    return list
  }

  public func storedOrder(ofList id: ShoppingList.ID) throws(DatabaseError) -> [Product.ID] {
    try checkUsable()
    var order: [Product.ID] = []
    try connection.query(
      "SELECT id FROM product WHERE listId = ? ORDER BY position, rowid", [.id(id)]
    ) { row throws(DatabaseError) in
      if let id = row.uuid(0) { order.append(id) }
    }
    return order
  }

  public func storedDefaultList() throws(DatabaseError) -> ShoppingList.ID? {
    try checkUsable()
    var found: ShoppingList.ID?
    try connection.query("SELECT id FROM list WHERE isDefault") { row throws(DatabaseError) in
      found = row.uuid(0)
    }
    return found
  }

  /// A product row of ``productColumns`` followed by its list id and position.
  private func storedProduct(_ row: Row) throws(DatabaseError) -> StoredProduct {
    guard let listID = row.uuid(9) else {
      throw DatabaseError(
        reason: .corrupt, path: connection.path, message: "invalid product.listId"
      )
    }
    return StoredProduct(product: try decodeProduct(row), listID: listID, position: row.integer(10))
  }
}
