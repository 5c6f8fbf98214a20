import Foundation
import IdentifiedCollections
import ShoppingCore

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
  public func productLookup(inList listID: ShoppingList.ID) -> DatabaseProductLookup {
    DatabaseProductLookup(repository: self, listID: listID)
  }

  /// The products of a list whose name keys are among `keys`, for a partly loaded list.
  ///
  /// - Parameters:
  ///   - keys: Name keys, as ``ShoppingCore/Naming/key(_:)`` makes them.
  ///   - listID: The list.
  /// - Returns: The products found, in list order.
  public func products(
    withKeys keys: [String], inList listID: ShoppingList.ID
  ) throws(DatabaseError) -> [Product] {
    try checkUsable()
    var found: [(position: Int64, product: Product)] = []
    for key in Set(keys) {
      try connection.query(
        "SELECT \(Self.productColumns), position FROM product WHERE listId = ? AND nameKey = ?",
        [.id(listID), .text(key)]
      ) { row throws(DatabaseError) in
        found.append((row.integer(9), try decodeProduct(row)))
      }
    }
    return found.sorted { $0.position < $1.position }.map(\.product)
  }
}

/// Reference queries about one list, answered by the database; see
/// ``ShoppingRepository/productLookup(inList:)``. Valid during the repository's transaction.
public struct DatabaseProductLookup: ProductLookup {
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

  public func product(withKey key: String) throws -> Product? {
    try first(
      "SELECT \(ShoppingRepository.productColumns) FROM product WHERE listId = ? AND nameKey = ?",
      [.id(listID), .text(key)]
    )
  }

  public func products(withKeyPrefix prefix: String, limit: Int?) throws -> [Product] {
    try repository.checkUsable()
    // Every key starting with `prefix` sorts at or after it and before the prefix with its last
    // byte raised by one (UTF-8 never uses 0xFE or 0xFF), so the name index serves the range.
    var upper = Array(prefix.utf8)
    guard let last = upper.popLast(), last < 0xFF else { return [] }
    upper.append(last + 1)
    var products: [Product] = []
    try repository.connection.query(
      "SELECT \(ShoppingRepository.productColumns) FROM product "
        + "WHERE listId = ? AND nameKey >= ? AND nameKey < ? ORDER BY nameKey LIMIT ?",
      [.id(listID), .text(prefix), .textBytes(upper), .integer(Int64(limit ?? -1))]
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
