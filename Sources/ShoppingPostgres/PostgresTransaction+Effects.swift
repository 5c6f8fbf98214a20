import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// MARK: - Executing effects

extension PostgresTransaction {
  /// Applies `effects` in order, all or nothing (a savepoint around them: PostgreSQL would
  /// otherwise fail the whole transaction on the first refused effect), calling `record` with
  /// each just before it runs (see `ShoppingStorage/EffectEngine/execute(_:)`).
  public func apply(
    _ effects: [PersistenceEffect], recordingEach record: (PersistenceEffect) throws -> Void
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard !effects.isEmpty else { return }
    try session.execute("SAVEPOINT batch")
    do {
      var index = effects.startIndex
      while index < effects.endIndex {
        // Items appended to one list in a row (an import's) go in a few statements, not one
        // each: a statement is a round trip to the server.
        if case let .insertProduct(_, listID) = effects[index] {
          var products: [Product] = []
          while index < effects.endIndex,
            case let .insertProduct(product, list) = effects[index], list == listID
          {
            try record(effects[index])
            products.append(product)
            index += 1
          }
          try append(products, to: listID)
          continue
        }
        try record(effects[index])
        try execute(effects[index])
        index += 1
      }
      try session.execute("RELEASE SAVEPOINT batch")
    } catch {
      _ = try? session.execute("ROLLBACK TO SAVEPOINT batch")
      throw PostgresFailure.unexpected(error, location: location)
    }
  }

  /// Stores a part of the next history entry's record (see
  /// `ShoppingStorage/EffectEngine/storeRecordPart(_:index:entry:)`), as SQLite does. A part
  /// that cannot be written fails the transaction, which then cannot commit.
  public func storeRecordPart(
    _ part: ChangeRecord, index: Int, entry: Int?
  ) throws(DatabaseError) -> Int {
    let number: Int64
    if let entry {
      number = Int64(entry)
    } else {
      // Writers take turns (an advisory lock): the number stays free until the entry is added.
      number =
        try session.query("SELECT coalesce(max(id), 0) + 1 FROM history").first?.integer(0) ?? 1
      try run("DELETE FROM history_part WHERE entry = $1", number)
    }
    try run(
      "INSERT INTO history_part (entry, part, record) VALUES ($1, $2, $3)", number, Int32(index),
      ByteBuffer(bytes: ChangeRecordCodec.encode(part)))
    return Int(number)
  }

  public func discardRecordParts(ofEntry entry: Int) {
    // Parts no entry will claim; should this fail, the next entry numbered so clears them.
    _ = try? run("DELETE FROM history_part WHERE entry = $1", Int64(entry))
  }

  private func execute(_ effect: PersistenceEffect) throws(DatabaseError) {
    switch effect {
    case let .deleteList(id):
      try expectChange("list", id, try run("DELETE FROM list WHERE id = $1", id))

    case let .deleteProducts(ids):
      let unique = Array(Set(ids))
      let deleted = try run("DELETE FROM product WHERE id = ANY($1)", unique)
      if deleted != unique.count {
        throw DatabaseError(
          reason: .rowNotFound, path: location,
          message: "\(unique.count - deleted) of the products to delete are not stored")
      }

    case let .insertList(id, name, createdAt):
      try run(
        """
        INSERT INTO list (id, name, name_key, created_at, position)
        VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM list))
        """, id, name, Naming.key(name).value, Timestamp.wholeSeconds(of: createdAt))

    case let .insertProduct(product, listID):
      try append([product], to: listID)

    case let .restoreList(id, name, createdAt, position):
      try run(
        """
        UPDATE list SET position = position + 1
        WHERE position >= $1 AND EXISTS (SELECT 1 FROM list WHERE position = $1)
        """, position)
      try run(
        "INSERT INTO list (id, name, name_key, created_at, position) VALUES ($1, $2, $3, $4, $5)",
        id, name, Naming.key(name).value, Timestamp.wholeSeconds(of: createdAt), position)

    case let .restoreProduct(product, listID, position):
      try run(
        """
        UPDATE product SET position = position + 1
        WHERE list_id = $1 AND position >= $2
          AND EXISTS (SELECT 1 FROM product WHERE list_id = $1 AND position = $2)
        """, listID, position)
      try insert(product, listID: listID, position: position)

    case let .renameList(id, name):
      try expectChange(
        "list", id,
        try run(
          "UPDATE list SET name = $1, name_key = $2 WHERE id = $3", name, Naming.key(name).value,
          id))

    case let .reorderProducts(listID, order):
      try reorder(listID, order)

    case let .reorderLists(order):
      let changed = try run(
        """
        UPDATE list SET position = moved.position
        FROM (
          SELECT named.id, keys.position
          FROM unnest($1::uuid[]) WITH ORDINALITY AS named(id, place)
          JOIN (
            SELECT position, row_number() OVER (ORDER BY position) AS place
            FROM list WHERE id = ANY($1)
          ) AS keys ON keys.place = named.place
        ) AS moved
        WHERE list.id = moved.id
        """, order)
      if changed != order.count {
        throw DatabaseError(
          reason: .rowNotFound, path: location,
          message: "\(order.count - changed) of the lists to reorder are not stored")
      }

    case let .setDefaultList(id):
      try run("UPDATE list SET is_default = false WHERE is_default")
      if let id {
        try expectChange(
          "list", id, try run("UPDATE list SET is_default = true WHERE id = $1", id))
      }

    case .setShopOrder, .insertShop, .restoreShop, .deleteShop, .renameShop, .setAisles,
      .setDefaultShop, .setListShop:
      try executeShopEffect(effect)

    case let .updateProduct(product):
      var binds = PostgresBindings()
      Self.bind(product, into: &binds)
      try expectChange(
        "product", product.id,
        try session.execute(
          """
          UPDATE product SET name = $2, name_key = $3, is_checked = $4, quantity = $5, unit = $6,
            category = $7, note = $8, added_at = $9, updated_at = $10
          WHERE id = $1
          """, binds))
    }
  }

  /// Binds `product`'s columns as $1 (id) … $10 (updated_at).
  private static func bind(_ product: Product, into binds: inout PostgresBindings) {
    binds.append(product.id)
    binds.append(product.name)
    binds.append(Naming.key(product.name).value)
    binds.append(product.isChecked)
    binds.append(product.quantity.description)
    binds.append(product.unit)
    binds.append(product.category)
    binds.append(product.note)
    binds.append(Timestamp.wholeSeconds(of: product.addedAt))
    binds.append(PreciseTime(product.updatedAt))
  }

  /// Appends `products` to `listID` in order, past its last item: up to a thousand rows a
  /// statement.
  private func append(_ products: [Product], to listID: UUID) throws(DatabaseError) {
    var start = products.startIndex
    while start < products.endIndex {
      let chunk = products[start..<min(start + 1_000, products.endIndex)]
      var binds = PostgresBindings()
      binds.append(listID)
      var rows: [String] = []
      for (offset, product) in chunk.enumerated() {
        let first = binds.count + 1
        Self.bind(product, into: &binds)
        let columns = (first..<first + 10).map { "$\($0)" }.joined(separator: ", ")
        rows.append("(\(columns), $1, last.position + \(offset + 1))")
      }
      try session.execute(
        """
        INSERT INTO product (id, name, name_key, is_checked, quantity, unit, category, note,
          added_at, updated_at, list_id, position)
        SELECT row.* FROM
          (SELECT coalesce(max(position), 0) AS position FROM product WHERE list_id = $1) AS last,
          LATERAL (VALUES \(rows.joined(separator: ", "))) AS row
        """, binds)
      start = chunk.endIndex
    }
  }

  /// Inserts `product` into `listID` under the sort key `position`.
  private func insert(_ product: Product, listID: UUID, position: Int64) throws(DatabaseError) {
    var binds = PostgresBindings()
    Self.bind(product, into: &binds)
    binds.append(listID)
    binds.append(position)
    try session.execute(
      """
      INSERT INTO product (id, name, name_key, is_checked, quantity, unit, category, note,
        added_at, updated_at, list_id, position)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
      """, binds)
  }

  private func reorder(_ listID: UUID, _ order: [UUID]) throws(DatabaseError) {
    var binds = PostgresBindings()
    binds.append(listID)
    let rows = try session.query(
      "SELECT id, position FROM product WHERE list_id = $1 ORDER BY position, sequence", binds)
    var stored: Set<UUID> = []
    var keys: [Int64] = []
    for row in rows {
      stored.insert(try row.uuid(0))
      keys.append(try row.integer(1))
    }
    guard rows.count == order.count, Set(order) == stored else {
      throw DatabaseError(
        reason: .rowNotFound, path: location,
        message: "the new order of list \(listID.uuidString) does not name its products"
          + " (\(order.count) named, \(rows.count) stored)")
    }
    if zip(keys, keys.dropFirst()).contains(where: { $0 == $1 }) {
      keys = keys.indices.map { Int64($0 + 1) }
    }
    try run(
      """
      UPDATE product SET position = o.position
      FROM unnest($1::uuid[], $2::bigint[]) AS o(id, position) WHERE product.id = o.id
      """, order, keys)
  }

  @discardableResult
  func run(_ sql: String, _ values: any PostgresDynamicTypeEncodable...) throws(DatabaseError)
    -> Int
  {
    var binds = PostgresBindings()
    for value in values { binds.append(value) }
    return try session.execute(sql, binds)
  }

  private func expectChange(_ table: String, _ id: UUID, _ changed: Int) throws(DatabaseError) {
    if changed == 0 {
      throw DatabaseError(
        reason: .rowNotFound, path: location, message: "no \(table) with id \(id.uuidString)")
    }
  }
}
