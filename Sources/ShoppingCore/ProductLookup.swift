/// The queries reference resolution needs, answered by whatever holds the products: a loaded
/// ``ShoppingList`` in memory, or a database that can answer without loading the list.
///
/// The rules of resolution live in ``ProductReference``; a lookup only answers questions.
public protocol ProductLookup {
  /// The product at a 1-based position in list order, if there is one.
  func product(atPosition position: Int) throws -> Product?
  /// The product whose name key (``Naming/key(_:)``) is `key`, if any.
  func product(withKey key: NameKey) throws -> Product?
  /// Products whose name key starts with `prefix`, at most `limit` of them when a limit is
  /// given, in any order.
  func products(withKeyPrefix prefix: NameKey, limit: Int?) throws -> [Product]
  /// The products at these 1-based positions, by position; positions past the end are absent.
  /// One pass over the list, however many positions: a command given thousands of numbers
  /// must not look each up from the start.
  func products(atPositions positions: Set<Int>) throws -> [Int: Product]
}

extension ProductLookup {
  /// One lookup per position: fine for a few.
  public func products(atPositions positions: Set<Int>) throws -> [Int: Product] {
    var found: [Int: Product] = [:]
    for position in positions {
      if let product = try product(atPosition: position) { found[position] = product }
    }
    return found
  }
}

extension ShoppingList: ProductLookup {
  public func product(atPosition position: Int) -> Product? {
    products.indices.contains(position - 1) ? products[position - 1] : nil
  }

  public func product(withKey key: NameKey) -> Product? {
    productID(forKey: key).flatMap { products[id: $0] }
  }

  public func products(withKeyPrefix prefix: NameKey, limit: Int?) -> [Product] {
    let matching = products.lazy.filter { Naming.key($0.name).hasPrefix(prefix) }
    return limit.map { Array(matching.prefix($0)) } ?? Array(matching)
  }
}
