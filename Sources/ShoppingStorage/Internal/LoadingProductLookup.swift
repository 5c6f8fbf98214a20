import Foundation
import ShoppingCore

/// Finds items of one list for a reference by loading the list whole for each question: for
/// storage without indexes of its own for positions and names (in memory).
struct LoadingProductLookup: ProductLookup {
  /// Loads the list as stored now.
  let load: () throws -> ShoppingList

  init(_ load: @escaping () throws -> ShoppingList) {
    self.load = load
  }

  func product(atPosition position: Int) throws -> Product? {
    try load().product(atPosition: position)
  }

  func products(atPositions positions: Set<Int>) throws -> [Int: Product] {
    try load().products(atPositions: positions)
  }

  func product(withKey key: NameKey) throws -> Product? {
    try load().product(withKey: key)
  }

  func products(withKeyPrefix prefix: NameKey, limit: Int?) throws -> [Product] {
    try load().products(withKeyPrefix: prefix, limit: limit)
  }
}
