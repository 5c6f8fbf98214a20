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
  /// The products, in list order: all of them, some of them, or none, as ``loading`` says.
  public internal(set) var products: IdentifiedArrayOf<Product>
  /// How much of the list the state holds.
  public internal(set) var loading: Loading
  private var productIDsByKey: [NameKey: Product.ID]

  /// How much of a list a state holds. A command loads only what it needs: a single-item
  /// command on a long list loads the items it names, not the list.
  public enum Loading: Equatable, Sendable {
    /// Every product, in order.
    case complete
    /// Only the products named by these name keys (see ``Naming/key(_:)``) that exist, plus
    /// any loaded by reference; enough to add, rename, check or remove those items, but not to
    /// reorder, clear, reset or import.
    case partial(keys: Set<NameKey>)
    /// No product: the list is known by name only, which is enough to rename it or to tell
    /// that a name is taken.
    case none
  }

  /// Whether every product is loaded.
  public var isLoaded: Bool { loading == .complete }

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
    products: IdentifiedArrayOf<Product> = IdentifiedArray(id: Product.idPath),
    isLoaded: Bool = true
  ) {
    self.init(
      id: id, name: name, createdAt: createdAt, products: products,
      loading: isLoaded ? .complete : .none
    )
  }

  /// Creates a list holding all, some or none of its products.
  ///
  /// - Parameters:
  ///   - id: The list's identity.
  ///   - name: Its (already normalised) name.
  ///   - createdAt: When it was created.
  ///   - products: The products loaded; in list order when `loading` is complete.
  ///   - loading: How much of the list `products` is.
  ///   - productKeys: The products' name keys in the same order, when the caller has them
  ///     (a database stores them); computed from the names otherwise.
  public init(
    id: UUID,
    name: String,
    createdAt: Date,
    products: IdentifiedArrayOf<Product>,
    loading: Loading,
    productKeys: [NameKey]? = nil
  ) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.products = products
    self.loading = loading
    var index: [NameKey: Product.ID] = [:]
    index.reserveCapacity(products.count)
    if let productKeys, productKeys.count == products.count {
      for (key, product) in zip(productKeys, products) {
        index[key] = product.id
      }
    } else {
      for product in products {
        index[Naming.key(product.name)] = product.id
      }
    }
    self.productIDsByKey = index
  }

  /// The product with this name under normalised comparison, if any.
  public func product(named name: String) -> Product? {
    productIDsByKey[NameKey(lookingUp: name)].flatMap { products[id: $0] }
  }

  /// How many products are checked.
  public var checkedCount: Int {
    products.reduce(0) { $0 + ($1.isChecked ? 1 : 0) }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name && lhs.createdAt == rhs.createdAt
      && lhs.loading == rhs.loading && lhs.products == rhs.products
  }
}

// MARK: - Mutations that keep the name index in step

extension ShoppingList {
  func productID(forKey key: NameKey) -> Product.ID? {
    productIDsByKey[key]
  }

  /// Whether the state can tell if an item with this name key exists: the whole list is loaded,
  /// or the key was looked up when the list was partly loaded.
  func knows(key: NameKey) -> Bool {
    switch loading {
    case .complete: true
    case let .partial(keys): keys.contains(key) || productIDsByKey[key] != nil
    case .none: false
    }
  }

  mutating func append(_ product: Product) {
    products.append(product)
    productIDsByKey[Naming.key(product.name)] = product.id
  }

  /// Appends `product`, whose id no item of the list has, with its name's key at hand: the
  /// id is hashed once, where a checked append looks it up first and then again to insert it.
  mutating func appendNew(_ product: Product, key: NameKey) {
    products.updateOrAppend(product)
    productIDsByKey[key] = product.id
  }

  /// Makes room for `count` more products, so that appending them grows no storage on the way.
  mutating func reserveCapacity(adding count: Int) {
    products.reserveCapacity(products.count + count)
    productIDsByKey.reserveCapacity(productIDsByKey.count + count)
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
        "id": id, "name": name, "createdAt": createdAt, "loading": loading,
        "products": products,
      ],
      displayStyle: .struct
    )
  }
}
