import Foundation
import ShoppingCore

/// Finds items of one list for a reference by loading the list whole for each question: for
/// engines without indexes of their own for positions and names (in memory), or that answer
/// the few references of a command faster in one query than in several.
package struct LoadingProductLookup: ProductLookup {
  /// Loads the list as stored now.
  let load: () throws -> ShoppingList

  package init(_ load: @escaping () throws -> ShoppingList) {
    self.load = load
  }

  package func product(atPosition position: Int) throws -> Product? {
    try load().product(atPosition: position)
  }

  package func products(atPositions positions: Set<Int>) throws -> [Int: Product] {
    try load().products(atPositions: positions)
  }

  package func product(withKey key: NameKey) throws -> Product? {
    try load().product(withKey: key)
  }

  package func products(withKeyPrefix prefix: NameKey, limit: Int?) throws -> [Product] {
    try load().products(withKeyPrefix: prefix, limit: limit)
  }
}
