/// The rules for finding the item a user means.
public enum ProductReference {
  /// Resolves a reference to one item, trying in order: a positive integer (the item's 1-based
  /// position), the item's name under normalised comparison, then a prefix of exactly one
  /// item's normalised name.
  ///
  /// ```swift
  /// try ProductReference.resolve("2", in: list, listName: list.name)     // the second item
  /// try ProductReference.resolve("MILK", in: list, listName: list.name)  // "Milk"
  /// try ProductReference.resolve("mi", in: list, listName: list.name)    // the only "mi…"
  /// ```
  ///
  /// - Parameters:
  ///   - reference: What the user typed.
  ///   - lookup: Where the products are: a loaded list, or storage that answers queries.
  ///   - listName: The list's name, for messages.
  /// - Returns: The item.
  /// - Throws: `ShoppingError/noSuchItem(_:list:)` or
  ///   ``ShoppingError/ambiguousReference(_:candidates:list:)``, or the lookup's own error.
  public static func resolve(
    _ reference: String, in lookup: some ProductLookup, listName: String
  ) throws -> Product {
    try resolve(reference, in: lookup, listName: listName) { position in
      try lookup.product(atPosition: position)
    }
  }

  /// Resolves `reference`, finding positions through `atPosition`.
  private static func resolve(
    _ reference: String, in lookup: some ProductLookup, listName: String,
    atPosition: (Int) throws -> Product?
  ) throws -> Product {
    if let position = position(reference), let product = try atPosition(position) {
      return product
    }
    let key = NameKey(lookingUp: reference)
    if let product = try lookup.product(withKey: key) {
      return product
    }
    let candidates = key.isEmpty ? [] : try lookup.products(withKeyPrefix: key, limit: 2)
    switch candidates.count {
    case 1:
      return candidates[0]
    case 0:
      throw ShoppingError.noSuchItem(reference, list: listName)
    default:
      let all = try lookup.products(withKeyPrefix: key, limit: nil)
      throw ShoppingError.ambiguousReference(
        reference, candidates: all.map(\.name).sorted { Naming.key($0) < Naming.key($1) },
        list: listName
      )
    }
  }

  /// Resolves every reference before anything is changed, so that one bad reference stops the
  /// whole command. Repeated references name their item once.
  ///
  /// - Throws: The first failing reference's error, as ``resolve(_:in:listName:)`` throws it.
  public static func resolve(
    _ references: [String], in lookup: some ProductLookup, listName: String
  ) throws -> [Product] {
    var seen: Set<Product.ID> = []
    return try resolveEach(references, in: lookup, listName: listName).filter {
      seen.insert($0.id).inserted
    }
  }

  /// Resolves every reference before anything is changed, one item per reference (repeated
  /// references give their item again).
  ///
  /// - Throws: The first failing reference's error, as `resolve(_:in:listName:)` throws it.
  public static func resolveEach(
    _ references: [String], in lookup: some ProductLookup, listName: String
  ) throws -> [Product] {
    // Every number at once, in one pass over the list: one at a time, each would walk the
    // list from its start, quadratic in the references.
    let positions = Set(references.compactMap(position))
    let byPosition = positions.count > 1 ? try lookup.products(atPositions: positions) : [:]
    return try references.map { reference in
      try resolve(reference, in: lookup, listName: listName) { position in
        positions.count > 1 ? byPosition[position] : try lookup.product(atPosition: position)
      }
    }
  }

  /// The position a reference names if it is a positive integer.
  private static func position(_ reference: String) -> Int? {
    guard reference.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let position = Int(reference), position >= 1
    else { return nil }
    return position
  }
}

extension ShoppingList {
  /// Resolves a reference to one item of this loaded list; see
  /// `ProductReference/resolve(_:in:listName:)`.
  public func resolve(_ reference: String) throws(ShoppingError) -> Product.ID {
    do {
      return try ProductReference.resolve(reference, in: self, listName: name).id
    } catch let error as ShoppingError {
      throw error
    } catch {
      // A loaded list answers every query without failing.
      throw .noSuchItem(reference, list: name)
    }
  }

  /// Resolves every reference, all or nothing; see `ProductReference/resolve(_:in:listName:)`.
  public func resolve(_ references: [String]) throws(ShoppingError) -> [Product.ID] {
    do {
      return try ProductReference.resolve(references, in: self, listName: name).map(\.id)
    } catch let error as ShoppingError {
      throw error
    } catch {
      throw .noSuchItem(references.first ?? "", list: name)
    }
  }
}
