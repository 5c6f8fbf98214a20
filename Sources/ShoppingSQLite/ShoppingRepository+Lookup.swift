import Foundation
import IdentifiedCollections
import ShoppingCore
import ShoppingStorage

// MARK: - Loading part of a list

extension ShoppingRepository {
  /// Answers reference queries about one list straight from the database, through its
  /// indexes, so that resolving `milk` on a 100,000-item list reads a row or two, not the list.
  ///
  /// ```swift
  /// let lookup = repository.productLookup(inList: list.id)
  /// let milk = try ProductReference.resolve("milk", in: lookup, listName: list.name)
  /// ```
  ///
  /// - Parameter listID: The list whose products are looked up.
  public func productLookup(inList listID: ShoppingList.ID) -> any ProductLookup {
    DatabaseProductLookup(repository: self, listID: listID)
  }

  /// The names of a list's products, in list order: what a "did you mean" hint chooses from.
  public func productNames(inList listID: ShoppingList.ID) throws(DatabaseError) -> [String] {
    try checkUsable()
    var names: [String] = []
    try connection.query(
      "SELECT name FROM product WHERE listId = ? ORDER BY position, rowid", [.id(listID)]
    ) { row throws(DatabaseError) in
      names.append(row.text(0))
    }
    return names
  }

  /// Hands every product of a list to `body`, in list order, without building the list: for
  /// reading a long list straight into an output.
  ///
  /// - Parameters:
  ///   - listID: The list.
  ///   - body: Called once per product.
  public func forEachProduct(
    inList listID: ShoppingList.ID, _ body: (Product) throws -> Void
  ) throws {
    try checkUsable()
    var failure: (any Error)?
    try connection.query(
      "SELECT \(Self.productColumns) FROM product WHERE listId = ? ORDER BY position, rowid",
      [.id(listID)]
    ) { row throws(DatabaseError) in
      guard failure == nil else { return }
      let product = try decodeProduct(row)
      do { try body(product) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Counted along the order index, one statement a product: the entries before it, never
  /// the rows.
  public func positions(
    of ids: [Product.ID], inList listID: ShoppingList.ID
  ) throws(DatabaseError) -> [Product.ID: Int] {
    try checkUsable()
    var found: [Product.ID: Int] = [:]
    for id in ids {
      // Two counts, each a range of the list's order index: the items before it, and those
      // sharing its sort key stored no later. (One count with OR could use the index for the
      // list alone, and read every item of it.)
      let position = try connection.integer(
        """
        SELECT (SELECT count(*) FROM product AS p
            WHERE p.listId = q.listId AND p.position < q.position)
          + (SELECT count(*) FROM product AS p
            WHERE p.listId = q.listId AND p.position = q.position AND p.rowid <= q.rowid)
        FROM product AS q WHERE q.id = ? AND q.listId = ?
        """,
        [.id(id), .id(listID)])
      if let position { found[id] = position }
    }
    return found
  }

  /// The part of a list that the name keys `keys` and the product ids `ids` pick, ready for
  /// `ShoppingCore/ShoppingAction/listsLoaded(_:)`: enough to add, rename, check or remove
  /// those items, or to import rows naming them, without reading the rest of the list.
  ///
  /// One query serves the whole set, however large: keys and ids travel as JSON arrays.
  ///
  /// - Parameters:
  ///   - header: The list (its id, name and creation date are kept).
  ///   - keys: Name keys, as `ShoppingCore/Naming/key(_:)` makes them.
  ///   - ids: Product ids; those of other lists' products are ignored.
  ///   - absentKeys: Name keys the caller knows no item of the list has (an import into a
  ///     list that was empty, for a name it has not sent before): recorded as looked up, so the
  ///     reducer may add items under them, without a query.
  /// - Returns: The list, partly loaded, its products in list order.
  public func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID],
    absentKeys: Set<NameKey>
  ) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    // Two queries, not one with OR: each then walks its own index (name key, id) instead of
    // scanning the list. The unary + keeps SQLite from choosing the list's index for the ids
    // (it cannot tell how few the ids are), which would read every item of the list.
    var found: [UUID: (position: Int64, product: Product, key: NameKey)] = [:]
    let collect = { (row: Row) throws(DatabaseError) in
      let product = try self.decodeProduct(row)
      found[product.id] = (row.integer(9), product, NameKey(stored: row.text(10)))
    }
    if !keys.isEmpty {
      try connection.query(
        """
        SELECT \(Self.productColumns), position, nameKey FROM product
        WHERE listId = ? AND \(Self.oneOrAny("nameKey", count: keys.count))
        """,
        [
          .id(header.id),
          keys.count == 1 ? .text(keys[0].value) : .text(jsonArray(keys.map { $0.value })),
        ],
        row: collect)
    }
    if !ids.isEmpty {
      try connection.query(
        """
        SELECT \(Self.productColumns), position, nameKey FROM product
        WHERE \(Self.oneOrAny("id", count: ids.count)) AND +listId = ?
        """,
        [
          ids.count == 1 ? .id(ids[0]) : .text(jsonArray(ids.map { $0.canonicalText })),
          .id(header.id),
        ],
        row: collect)
    }
    let ordered = found.values.sorted { $0.position < $1.position }
    let products = ordered.map { $0.product }
    let productKeys = ordered.map { $0.key }
    return ShoppingList(
      id: header.id, name: header.name, createdAt: header.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: products, id: Product.idPath),
      loading: .partial(keys: absentKeys.union(keys)), productKeys: productKeys
    )
  }
}

extension ShoppingRepository {
  /// `column` compared with one value (a tap, a single-item command names one), or found among
  /// several, which travel as one JSON array parameter.
  fileprivate static func oneOrAny(_ column: String, count: Int) -> String {
    count == 1 ? "\(column) = ?" : "\(column) IN (SELECT value FROM json_each(?))"
  }
}

/// A JSON array of strings, for passing a set of values as one parameter to `json_each`.
/// Built as UTF-8 bytes: an import passes thousands of names per batch.
func jsonArray(_ values: some Collection<String>) -> String {
  var bytes: [UInt8] = [UInt8(ascii: "[")]
  bytes.reserveCapacity(values.count * 16 + 2)
  for value in values {
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case ..<0x20:
        // A control character as \u00XX. Every other byte, those of multi-byte characters
        // included, goes in as it is.
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(hexDigit(byte >> 4))
        bytes.append(hexDigit(byte & 0x0F))
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
  bytes.append(UInt8(ascii: "]"))
  return String(decoding: bytes, as: UTF8.self)
}

private func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}

/// Reference queries about one list, answered by the database; see
/// ``ShoppingRepository/productLookup(inList:)``. Valid during the repository's transaction.
struct DatabaseProductLookup: ProductLookup {
  let repository: ShoppingRepository
  let listID: ShoppingList.ID

  public func product(atPosition position: Int) throws -> Product? {
    guard position >= 1 else { return nil }
    return try first(
      "SELECT \(ShoppingRepository.productColumns) FROM product WHERE listId = ? "
        + "ORDER BY position, rowid LIMIT 1 OFFSET ?",
      [.id(listID), .integer(Int64(position - 1))]
    )
  }

  public func products(atPositions positions: Set<Int>) throws -> [Int: Product] {
    try repository.checkUsable()
    let wanted = positions.filter { $0 >= 1 }
    guard !wanted.isEmpty else { return [:] }
    // Numbered in one walk of the position index; the positions travel as one JSON array.
    var found: [Int: Product] = [:]
    try repository.connection.query(
      """
      SELECT \(ShoppingRepository.productColumns), number FROM (
        SELECT \(ShoppingRepository.productColumns),
          row_number() OVER (ORDER BY position, rowid) AS number
        FROM product WHERE listId = ? ORDER BY position, rowid LIMIT ?
      ) WHERE number IN (SELECT value FROM json_each(?))
      """,
      [
        .id(listID), .integer(Int64(wanted.max() ?? 0)),
        .text("[" + wanted.map(String.init).joined(separator: ",") + "]"),
      ]
    ) { row throws(DatabaseError) in
      found[Int(row.integer(9))] = try repository.decodeProduct(row)
    }
    return found
  }

  public func product(withKey key: NameKey) throws -> Product? {
    try first(
      "SELECT \(ShoppingRepository.productColumns) FROM product WHERE listId = ? AND nameKey = ?",
      [.id(listID), .key(key)]
    )
  }

  public func products(withKeyPrefix prefix: NameKey, limit: Int?) throws -> [Product] {
    try repository.checkUsable()
    // Every key starting with `prefix` sorts at or after it and before the prefix with its last
    // byte raised by one (UTF-8 never uses 0xFE or 0xFF), so the name index serves the range.
    var upper = Array(prefix.value.utf8)
    guard let last = upper.popLast(), last < 0xFF else { return [] }
    upper.append(last + 1)
    var products: [Product] = []
    try repository.connection.query(
      "SELECT \(ShoppingRepository.productColumns) FROM product "
        + "WHERE listId = ? AND nameKey >= ? AND nameKey < ? ORDER BY nameKey LIMIT ?",
      [.id(listID), .key(prefix), .textBytes(upper), .integer(Int64(limit ?? -1))]
    ) { row throws(DatabaseError) in
      products.append(try repository.decodeProduct(row))
    }
    return products
  }

  private func first(_ sql: String, _ values: [SQLValue]) throws -> Product? {
    try repository.checkUsable()
    var product: Product?
    try repository.connection.query(sql, values) { row throws(DatabaseError) in
      product = try repository.decodeProduct(row)
    }
    return product
  }
}
