/// Finding the item a user means.
extension ShoppingList {
  /// Resolves a reference to one item of the list, trying in order: a positive integer (the
  /// item's 1-based position), the item's name under normalised comparison, then a prefix of
  /// exactly one item's normalised name.
  ///
  /// ```swift
  /// try list.resolve("2")     // the second item
  /// try list.resolve("MILK")  // the item named "Milk"
  /// try list.resolve("mi")    // the only item whose name starts with "mi"
  /// ```
  ///
  /// - Parameter reference: What the user typed.
  /// - Returns: The item's id.
  /// - Throws: ``ShoppingError/noSuchItem(_:list:)`` or
  ///   ``ShoppingError/ambiguousReference(_:candidates:list:)``.
  public func resolve(_ reference: String) throws(ShoppingError) -> Product.ID {
    if let position = Int(reference), position >= 1, position <= products.count,
      reference.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      return products[position - 1].id
    }
    let cleaned = Naming.collapsingWhiteSpace(reference)
    let key = Naming.key(cleaned)
    if let id = productID(forKey: key) {
      return id
    }
    let candidates = key.isEmpty ? [] : products.filter { Naming.key($0.name).hasPrefix(key) }
    switch candidates.count {
    case 1:
      return candidates[0].id
    case 0:
      throw .noSuchItem(reference, list: name)
    default:
      throw .ambiguousReference(reference, candidates: candidates.map(\.name), list: name)
    }
  }

  /// Resolves every reference before anything is changed, so that one bad reference stops the
  /// whole command. Repeated references name their item once.
  ///
  /// - Throws: The first reference's error, as ``resolve(_:)`` throws it.
  public func resolve(_ references: [String]) throws(ShoppingError) -> [Product.ID] {
    var ids: [Product.ID] = []
    var seen: Set<Product.ID> = []
    for reference in references {
      let id = try resolve(reference)
      if seen.insert(id).inserted { ids.append(id) }
    }
    return ids
  }
}
