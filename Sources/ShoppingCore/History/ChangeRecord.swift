import Foundation

/// What one change did to storage and what it overwrote: the effects it executed, and the
/// rows as they were before them. Enough to take the change back exactly (``inverse()``), and
/// to tell whether a later change touched the same rows (``Touched``).
///
/// Its size follows the size of the change: an added item costs its id and its list's (taking
/// it back needs no more); an updated or removed one its earlier version; a deleted list its
/// items.
///
/// Storage builds it while executing the effects of a write transaction (its
/// `ChangeRecorder` keeps the rows each effect overwrites) and stores it with the history
/// entry; the core only computes with it:
///
/// ```swift
/// let undo = record.inverse()   // the effects that put back what storage held
/// ```
public struct ChangeRecord: Equatable, Sendable {
  /// What the change did, effect by effect, in the order the effects were executed.
  public var steps: [Step] = []
  /// Products as they were before the first effect that changed or removed them.
  public var products: [Product.ID: StoredProduct] = [:]
  /// Lists as they were before the first effect that renamed or deleted them.
  public var lists: [ShoppingList.ID: StoredList] = [:]
  /// List orders as they were before the first effect that reordered them.
  public var orders: [ShoppingList.ID: [Product.ID]] = [:]
  /// The list of each product added, so that a later change to its list is known to touch
  /// what this one made.
  public var addedTo: [Product.ID: ShoppingList.ID] = [:]
  /// Settings as they were before the first effect that changed them, each as the effect that
  /// sets it back.
  public var settings: [Setting: PersistenceEffect] = [:]
  /// Shops as they were before the first effect that renamed, reordered or deleted them, or
  /// gave them a list.
  public var shops: [Shop.ID: StoredShop] = [:]
  /// Each list's shop as it was before the first effect that changed it (`.some(nil)`: none).
  public var listShops: [ShoppingList.ID: Shop.ID?] = [:]

  /// A setting kept beside the lists.
  public enum Setting: UInt8, Hashable, Sendable, CaseIterable {
    /// Which list is the default one (``PersistenceEffect/setDefaultList(_:)``).
    case defaultList = 1
    /// The shop order (``PersistenceEffect/setShopOrder(_:)``).
    case shopOrder = 2
    /// Which shop is the default one (``PersistenceEffect/setDefaultShop(_:)``).
    case defaultShop = 3
    /// The order of the lists (``PersistenceEffect/reorderLists(_:)``).
    case listOrder = 4

    /// The setting `effect` changes, if it changes one.
    public init?(changedBy effect: PersistenceEffect) {
      switch effect {
      case .setDefaultList: self = .defaultList
      case .setShopOrder: self = .shopOrder
      case .setDefaultShop: self = .defaultShop
      case .reorderLists: self = .listOrder
      default: return nil
      }
    }
  }

  /// An empty record.
  public init() {}

  /// One executed effect, as the record keeps it.
  public enum Step: Equatable, Sendable {
    /// A product inserted (``PersistenceEffect/insertProduct(_:listID:)``): taking it back
    /// needs only its id, so the record keeps no more — an import of a million rows records
    /// two ids per row.
    case added(Product.ID, listID: ShoppingList.ID)
    /// A product put back (``PersistenceEffect/restoreProduct(_:listID:position:)``), by an
    /// undo.
    case restored(Product.ID, listID: ShoppingList.ID)
    /// Any other effect, whole.
    indirect case executed(PersistenceEffect)

    /// The step that records `effect`.
    public init(_ effect: PersistenceEffect) {
      switch effect {
      case let .insertProduct(product, listID): self = .added(product.id, listID: listID)
      case let .restoreProduct(product, listID, _): self = .restored(product.id, listID: listID)
      default: self = .executed(effect)
      }
    }
  }

  /// Whether the change changed nothing.
  public var isEmpty: Bool { steps.isEmpty }

  /// The effects that put storage back as it was before this change, for an undo: in reverse
  /// order, each effect's opposite, with every removed row restored where it was. Products
  /// added one after another are removed by one effect.
  public func inverse() -> [PersistenceEffect] {
    var inverse: [PersistenceEffect] = []
    var removing: [Product.ID] = []
    for step in steps.reversed() {
      let effect: PersistenceEffect
      switch step {
      case let .added(id, _), let .restored(id, _):
        removing.append(id)
        continue
      case let .executed(executed):
        effect = executed
      }
      if !removing.isEmpty {
        inverse.append(.deleteProducts(removing))
        removing = []
      }
      switch effect {
      case let .deleteList(id):
        guard let list = lists[id] else { continue }
        // Records written before lists kept their place bring the list back as a new one.
        inverse.append(
          list.position.map {
            .restoreList(id: id, name: list.name, createdAt: list.createdAt, position: $0)
          } ?? .insertList(id: id, name: list.name, createdAt: list.createdAt))
        inverse += list.products.map {
          .restoreProduct($0.product, listID: id, position: $0.position)
        }
        if list.isDefault { inverse.append(.setDefaultList(id)) }
        if let shop = list.shopID { inverse.append(.setListShop(id, shop)) }
      case let .deleteProducts(ids):
        inverse += ids.compactMap { id in
          products[id].map {
            .restoreProduct($0.product, listID: $0.listID, position: $0.position)
          }
        }
      case let .insertList(id, _, _), let .restoreList(id, _, _, _):
        inverse.append(.deleteList(id))
      case .insertProduct, .restoreProduct:
        break  // recorded as steps of their own, above
      case let .renameList(id, _):
        if let list = lists[id] { inverse.append(.renameList(id, to: list.name)) }
      case let .reorderProducts(listID, _):
        if let order = orders[listID] {
          inverse.append(.reorderProducts(listID: listID, order: order))
        }
      case let .updateProduct(product):
        if let before = products[product.id] { inverse.append(.updateProduct(before.product)) }
      case let .insertShop(id, _), let .restoreShop(id, _, _, _):
        inverse.append(.deleteShop(id))
      case let .deleteShop(id):
        if let shop = shops[id] {
          inverse.append(
            .restoreShop(id: id, name: shop.name, aisles: shop.aisles, position: shop.position))
        }
      case let .renameShop(id, _):
        if let shop = shops[id] { inverse.append(.renameShop(id, to: shop.name)) }
      case let .setAisles(id, _):
        if let shop = shops[id] { inverse.append(.setAisles(id, shop.aisles)) }
      case let .setListShop(listID, _):
        if let earlier = listShops[listID] { inverse.append(.setListShop(listID, earlier)) }
      case .setDefaultList, .setShopOrder, .setDefaultShop, .reorderLists:
        if let setting = Setting(changedBy: effect), let earlier = settings[setting] {
          inverse.append(earlier)
        }
      }
    }
    if !removing.isEmpty { inverse.append(.deleteProducts(removing)) }
    return inverse
  }
}

/// A product as storage held it: with its list and its sort key there.
public struct StoredProduct: Equatable, Sendable {
  /// The product.
  public var product: Product
  /// Its list.
  public var listID: ShoppingList.ID
  /// Its sort key in the list: the list shows its products by ascending sort key. Restoring a
  /// product under its old key puts it back exactly where it was.
  public var position: Int64

  /// Creates a stored product.
  public init(product: Product, listID: ShoppingList.ID, position: Int64) {
    self.product = product
    self.listID = listID
    self.position = position
  }
}

/// A list as storage held it.
public struct StoredList: Equatable, Sendable {
  /// Its name.
  public var name: String
  /// When it was created.
  public var createdAt: Date
  /// Its products, in list order; recorded when the list is deleted.
  public var products: [StoredProduct]
  /// Its sort key among the lists: lists made in the same second are shown in the order of
  /// their keys. Restoring a list under its old key puts it back exactly where it was. `nil`
  /// in records written before lists kept it.
  public var position: Int64?
  /// Whether it was marked the default list.
  public var isDefault: Bool
  /// Its usual shop, if it had one.
  public var shopID: Shop.ID?

  /// Creates a stored list.
  public init(
    name: String, createdAt: Date, products: [StoredProduct] = [], position: Int64? = nil,
    isDefault: Bool = false, shopID: Shop.ID? = nil
  ) {
    self.name = name
    self.createdAt = createdAt
    self.products = products
    self.position = position
    self.isDefault = isDefault
    self.shopID = shopID
  }
}

/// A shop as storage held it.
public struct StoredShop: Equatable, Sendable {
  /// Its name.
  public var name: String
  /// Its order's categories, first met first.
  public var aisles: [String]
  /// Its sort key among the shops. Restoring a shop under its old key puts it back exactly
  /// where it was.
  public var position: Int64

  /// Creates a stored shop.
  public init(name: String, aisles: [String], position: Int64) {
    self.name = name
    self.aisles = aisles
    self.position = position
  }
}
