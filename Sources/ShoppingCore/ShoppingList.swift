import Foundation
import IdentifiedCollections

/// A named list of products, in the order the user keeps them.
///
/// The list also keeps an index from each product's name key (see ``Naming/key(_:)``) to its
/// id, so finding an item by name stays O(1) on long lists. The index is derived from the
/// products and kept in step by the list's own mutating methods, which is why `products` can be
/// changed only through the reducers.
public struct ShoppingList: Identifiable, Equatable, Sendable {
  /// Stable identity, kept across renames.
  public let id: UUID
  /// The list's name as the user last wrote it.
  public internal(set) var name: String
  /// When the list was created.
  public let createdAt: Date
  /// The products, in list order. Empty when the list is not loaded.
  public internal(set) var products: IdentifiedArrayOf<Product>
  /// Whether `products` holds the list's products. A state may know a list by name only, which
  /// is enough to rename it or to tell that a name is taken.
  public internal(set) var isLoaded: Bool
  private var productIDsByKey: [String: Product.ID]

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - id: The list's identity.
  ///   - name: Its (already normalised) name.
  ///   - createdAt: When it was created.
  ///   - products: Its products in order; their names must be unique under ``Naming/key(_:)``.
  ///   - isLoaded: `false` for a list known by name only, whose products were not read.
  public init(
    id: UUID,
    name: String,
    createdAt: Date,
    products: IdentifiedArrayOf<Product> = [],
    isLoaded: Bool = true
  ) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.products = products
    self.isLoaded = isLoaded
    var index: [String: Product.ID] = [:]
    index.reserveCapacity(products.count)
    for product in products {
      index[Naming.key(product.name)] = product.id
    }
    self.productIDsByKey = index
  }

  /// The product with this name under normalised comparison, if any.
  public func product(named name: String) -> Product? {
    productIDsByKey[Naming.key(Naming.collapsingWhiteSpace(name))].flatMap { products[id: $0] }
  }

  /// How many products are checked.
  public var checkedCount: Int {
    products.reduce(0) { $0 + ($1.isChecked ? 1 : 0) }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name && lhs.createdAt == rhs.createdAt
      && lhs.isLoaded == rhs.isLoaded && lhs.products == rhs.products
  }
}

// MARK: - Mutations that keep the name index in step

extension ShoppingList {
  func productID(forKey key: String) -> Product.ID? {
    productIDsByKey[key]
  }

  mutating func append(_ product: Product) {
    products.append(product)
    productIDsByKey[Naming.key(product.name)] = product.id
  }

  mutating func setName(_ name: String, ofProductAt index: Int) {
    productIDsByKey.removeValue(forKey: Naming.key(products[index].name))
    products[index].name = name
    productIDsByKey[Naming.key(name)] = products[index].id
  }

  mutating func removeProducts(where shouldRemove: (Product) -> Bool) -> [Product.ID] {
    var removed: [Product] = []
    products.removeAll { product in
      guard shouldRemove(product) else { return false }
      removed.append(product)
      return true
    }
    for product in removed {
      productIDsByKey.removeValue(forKey: Naming.key(product.name))
    }
    return removed.map(\.id)
  }
}

extension ShoppingList: CustomReflectable {
  // The name index is derived; leaving it out keeps dumps and test diffs about the products.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "name": name, "createdAt": createdAt, "isLoaded": isLoaded,
        "products": products,
      ],
      displayStyle: .struct
    )
  }
}
