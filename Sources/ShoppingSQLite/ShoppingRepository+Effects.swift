import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Executing effects

extension ShoppingRepository {
  /// Applies a batch of effects, all or nothing, inside the caller's write transaction (what
  /// `ShoppingStorage/EffectEngine/execute(_:)` runs, recording each effect as it goes).
  ///
  /// The batch runs in a savepoint: when an effect fails, the effects before it are undone and
  /// the transaction goes on as if the call had not happened.
  ///
  /// ```swift
  /// try repository.execute([.insertList(id: id, name: "Weekend", createdAt: now)])
  /// ```
  ///
  /// - Parameters:
  ///   - effects: The effects in the order a reducer returned them.
  ///   - record: Called with each effect just before it runs.
  /// - Throws: `DatabaseError`: `DatabaseError/Reason/constraintViolation` for a change the
  ///   schema refuses, `DatabaseError/Reason/rowNotFound` for an effect naming a row that is
  ///   not there, `DatabaseError/Reason/diskFull`, or `DatabaseError/Reason/misuse` in a
  ///   read transaction.
  public func apply(
    _ effects: [PersistenceEffect], recordingEach record: (PersistenceEffect) throws -> Void
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard !effects.isEmpty else { return }
    do {
      try connection.transaction(.savepoint) {
        for effect in effects {
          try record(effect)
          try execute(effect)
        }
      }
    } catch let error as DatabaseError {
      // The positions handed out in the undone part are free again.
      recent.forgetPositions()
      // SQLite itself rolls the whole transaction back after some failures (a full disk):
      // nothing more may be written in it.
      if !connection.isInTransaction { abort(with: error) }
      throw error
    } catch {
      recent.forgetPositions()
      throw DatabaseError(reason: .other, path: connection.path, message: "\(error)")
    }
  }

  private func execute(_ effect: PersistenceEffect) throws(DatabaseError) {
    switch effect {
    case .insertProduct, .updateProduct: break
    // Anything else may move, remove or renumber items: positions are read afresh after it.
    default: recent.forgetPositions()
    }
    switch effect {
    case let .deleteList(id):
      try connection.run("DELETE FROM list WHERE id = ?", [.id(id)])
      try expectChange("list", id)

    case let .deleteProducts(ids):
      try deleteProducts(ids)

    case let .insertList(id, name, createdAt):
      try connection.run(
        "INSERT INTO list (id, name, nameKey, createdAt) VALUES (?, ?, ?, ?)",
        [.id(id), .text(name), .key(Naming.key(name)), .date(createdAt)]
      )

    case let .insertProduct(product, listID):
      try insertProduct(product, listID: listID)

    case let .restoreList(id, name, createdAt, position):
      try restoreList(id, name: name, createdAt: createdAt, position: position)

    case let .restoreProduct(product, listID, position):
      try makeRoom(at: position, inList: listID)
      let list = recent.value(ofList: listID)
      try connection.run(
        Self.appendAtPosition, Self.values(product, list: list, position: position, &recent)
      )

    case let .renameList(id, name):
      try connection.run(
        "UPDATE list SET name = ?, nameKey = ? WHERE id = ?",
        [.text(name), .key(Naming.key(name)), .id(id)]
      )
      try expectChange("list", id)

    case let .reorderProducts(listID, order):
      try reorderProducts(ofList: listID, order: order)

    case let .reorderLists(order):
      try reorderLists(order)

    case let .setDefaultList(id):
      try connection.run("UPDATE list SET isDefault = 0 WHERE isDefault")
      if let id {
        try connection.run("UPDATE list SET isDefault = 1 WHERE id = ?", [.id(id)])
        try expectChange("list", id)
      }

    case .setShopOrder, .insertShop, .restoreShop, .deleteShop, .renameShop, .setAisles,
      .setDefaultShop, .setListShop:
      try executeShopEffect(effect)

    case let .updateProduct(product):
      // The name's key is written apart, and only where it differs: an UPDATE that sets an
      // indexed column rewrites that index's entry even when the value stays the same, so a
      // check or an edit would write a page of the (list, name) index for nothing. First, so
      // that a key another item holds fails before anything has changed.
      try connection.run(
        "UPDATE product SET nameKey = ?1 WHERE id = ?2 AND nameKey IS NOT ?1",
        [.key(Naming.key(product.name)), .id(product.id)]
      )
      try connection.run(
        """
        UPDATE product SET
          name = ?, isChecked = ?, quantity = ?, unit = ?, category = ?, note = ?,
          addedAt = ?, updatedAt = ?
        WHERE id = ?
        """,
        [
          .text(product.name), .bool(product.isChecked),
          .text(product.quantity.description), .text(product.unit), .text(product.category),
          .text(product.note), recent.value(of: product.addedAt),
          recent.value(of: product.updatedAt, precise: true),
          .id(product.id),
        ]
      )
      try expectChange("product", product.id)
    }
  }

  /// Appends `product` to its list: its position is one past the list's last.
  ///
  /// The first item a transaction appends to a list has SQLite find that position; the list's
  /// next one is then known, so an import's later rows skip that search of the position index
  /// (a sixth of SQLite's work per row).
  private func insertProduct(_ product: Product, listID: UUID) throws(DatabaseError) {
    let list = recent.value(ofList: listID)
    if let position = recent.nextPosition(inList: listID) {
      try connection.run(
        Self.appendAtPosition, Self.values(product, list: list, position: position, &recent))
      recent.setNextPosition(position + 1, inList: listID)
      return
    }
    // One statement with coalesce(?, (SELECT …)) would serve both, but SQLite runs the
    // subquery even when the position is given, which is what this avoids.
    try connection.query(
      Self.appendFindingPosition, Self.values(product, list: list, position: nil, &recent)
    ) { row throws(DatabaseError) in
      recent.setNextPosition(row.integer(0) + 1, inList: listID)
    }
  }

  /// The values of ``appendColumns`` in order, the position last when it is given. Built as
  /// one array: appending the position to another made a second one for every row.
  private static func values(
    _ product: Product, list: SQLValue, position: Int64?, _ recent: inout RecentValues
  ) -> [SQLValue] {
    var values: [SQLValue] = []
    values.reserveCapacity(12)
    values.append(.id(product.id))
    values.append(list)
    values.append(.text(product.name))
    values.append(.key(Naming.key(product.name)))
    values.append(.bool(product.isChecked))
    values.append(.text(product.quantity.description))
    values.append(.text(product.unit))
    values.append(.text(product.category))
    values.append(.text(product.note))
    values.append(recent.value(of: product.addedAt))
    values.append(recent.value(of: product.updatedAt, precise: true))
    if let position { values.append(.integer(position)) }
    return values
  }

  /// The columns of an appended item, its position last.
  private static let appendColumns = """
    INSERT INTO product (
      id, listId, name, nameKey, isChecked, quantity, unit, category, note, addedAt,
      updatedAt, position
    )
    """
  private static let appendAtPosition =
    appendColumns + " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
  private static let appendFindingPosition =
    appendColumns + """
       VALUES (
        ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11,
        (SELECT coalesce(max(position), 0) + 1 FROM product WHERE listId = ?2)
      )
      RETURNING position
      """

  /// Inserts a list under the sort key `position` (its rowid: lists made in the same second
  /// are shown in rowid order). A list made since its deletion may have been given that key
  /// (SQLite hands out one past the largest): it and the lists after it move one key up,
  /// keeping their order, and stay after the list put back, as they were made after it.
  private func restoreList(
    _ id: UUID, name: String, createdAt: Date, position: Int64
  ) throws(DatabaseError) {
    if try connection.integer("SELECT count(*) FROM list WHERE rowid = ?", [.integer(position)])
      != 0
    {
      // In two steps, through negative keys, so that no row takes a key still held.
      try connection.run(
        "UPDATE list SET rowid = -rowid - 1 WHERE rowid >= ?", [.integer(position)])
      try connection.run("UPDATE list SET rowid = -rowid WHERE rowid < 0")
    }
    try connection.run(
      "INSERT INTO list (rowid, id, name, nameKey, createdAt) VALUES (?, ?, ?, ?, ?)",
      [.integer(position), .id(id), .text(name), .key(Naming.key(name)), .date(createdAt)]
    )
  }

  /// Frees the sort key `position` of the list for a product put back under it. A product
  /// added since may have been given it (one past the largest, once the product put back was
  /// removed) and would tie with it, the two then ordered by how SQLite stored them: it and
  /// the products after it move one key up, keeping their order, after the product put back.
  private func makeRoom(at position: Int64, inList listID: UUID) throws(DatabaseError) {
    guard
      try connection.integer(
        "SELECT 1 FROM product WHERE listId = ? AND position = ?",
        [.id(listID), .integer(position)]) != nil
    else { return }
    try connection.run(
      "UPDATE product SET position = position + 1 WHERE listId = ? AND position >= ?",
      [.id(listID), .integer(position)])
  }

  /// Puts the products in `order`, writing only the rows whose position changes.
  ///
  /// The products take the list's own sort keys, smallest first: the gaps removals left stay
  /// where they are, so an item put back under its old key (``restoreProduct``) lands
  /// between the same neighbours even after the list was reordered and the order taken back.
  /// Keys that tie (a product put back where another took its key) cannot order the products
  /// apart: they are numbered 1…n afresh.
  private func reorderProducts(ofList listID: UUID, order: [UUID]) throws(DatabaseError) {
    var positions: [UUID: Int64] = [:]
    try connection.query(
      "SELECT id, position FROM product WHERE listId = ?", [.id(listID)]
    ) { row throws(DatabaseError) in
      if let id = UUID(canonical: row.text(0)) { positions[id] = row.integer(1) }
    }
    guard positions.count == order.count, Set(order).count == order.count,
      order.allSatisfy({ positions[$0] != nil })
    else {
      throw DatabaseError(
        reason: .rowNotFound, path: connection.path,
        message: "the new order of list \(listID.uuidString) does not name its products"
          + " (\(order.count) named, \(positions.count) stored)"
      )
    }
    var keys = positions.values.sorted()
    if zip(keys, keys.dropFirst()).contains(where: { $0 == $1 }) {
      keys = Array(1...Int64(keys.count))
    }
    for (id, key) in zip(order, keys) where positions[id] != key {
      try connection.run("UPDATE product SET position = ? WHERE id = ?", [.integer(key), .id(id)])
    }
  }

  /// Deletes the products `ids` (each once), many to a statement, failing with
  /// `.rowNotFound` when one is not there: the transaction then takes back what was removed.
  private func deleteProducts(_ ids: [UUID]) throws(DatabaseError) {
    try forEachChunk(of: ids) { (chunk, values) throws(DatabaseError) in
      try connection.run(Self.deletion.text(for: chunk.count), values)
      guard connection.changes == chunk.count else {
        throw DatabaseError(
          reason: .rowNotFound, path: connection.path,
          message: chunk.count == 1
            ? "no product with id \(chunk[chunk.startIndex].uuidString)"
            : "\(chunk.count - connection.changes) of \(chunk.count) products to delete are not there"
        )
      }
    }
  }

  private static let deletion = IDChunkStatement("DELETE FROM product WHERE id IN ")

  func expectChange(_ table: String, _ id: UUID) throws(DatabaseError) {
    guard connection.changes == 0 else { return }
    throw DatabaseError(
      reason: .rowNotFound, path: connection.path,
      message: "no \(table) with id \(id.uuidString)"
    )
  }
}
