import Foundation
import ShoppingCore

/// A plain model of what the database holds: lists, and products with list and sort position.
public struct StorageModel: Equatable {
  public struct Row: Equatable {
    public var list: ShoppingList.ID
    public var position: Int64
    public var product: Product
  }

  public var rows: [Product.ID: Row] = [:]
  public var lists: [ShoppingList.ID: StoredList] = [:]
  public var defaultList: ShoppingList.ID?
  public var shops: [Shop.ID: StoredShop] = [:]
  public var defaultShop: Shop.ID?

  /// The id a legacy `setShopOrder` gives the shop it makes.
  public static let upgradedShopID = UUID(uuidString: "00000000-0000-4000-8000-00000000D0D0")!

  public init(_ state: ShoppingState) {
    for (place, list) in state.lists.enumerated() {
      lists[list.id] = StoredList(
        name: list.name, createdAt: list.createdAt, position: Int64(place + 1))
      for (offset, product) in list.products.enumerated() {
        rows[product.id] = Row(list: list.id, position: Int64(offset + 1), product: product)
      }
    }
  }

  public mutating func execute(_ effects: [PersistenceEffect]) {
    for effect in effects {
      switch effect {
      case let .insertProduct(product, listID):
        let last = rows.values.filter { $0.list == listID }.map(\.position).max() ?? 0
        rows[product.id] = Row(list: listID, position: last + 1, product: product)
      case let .restoreProduct(product, listID, position):
        rows[product.id] = Row(list: listID, position: position, product: product)
      case let .updateProduct(product):
        rows[product.id]?.product = product
      case let .deleteProducts(ids):
        for id in ids { rows[id] = nil }
      case let .reorderProducts(_, order):
        for (offset, id) in order.enumerated() { rows[id]?.position = Int64(offset + 1) }
      case let .deleteList(id):
        rows = rows.filter { $0.value.list != id }
        lists[id] = nil
        if defaultList == id { defaultList = nil }
      case let .insertShop(id, name):
        let last = shops.values.map(\.position).max() ?? 0
        shops[id] = StoredShop(name: name, aisles: [], position: last + 1)
      case let .restoreShop(id, name, aisles, position):
        shops[id] = StoredShop(name: name, aisles: aisles, position: position)
      case let .deleteShop(id):
        shops[id] = nil
        for (key, list) in lists where list.shopID == id { lists[key]?.shopID = nil }
        if defaultShop == id { defaultShop = nil }
      case let .renameShop(id, name):
        shops[id]?.name = name
      case let .setAisles(id, aisles):
        shops[id]?.aisles = aisles
      case let .setDefaultShop(id):
        defaultShop = id
      case let .setListShop(listID, shop):
        lists[listID]?.shopID = shop
      case let .insertList(id, name, createdAt):
        let last = lists.values.compactMap(\.position).max() ?? 0
        lists[id] = StoredList(name: name, createdAt: createdAt, position: last + 1)
      case let .reorderLists(order):
        let keys = order.compactMap { lists[$0]?.position }.sorted()
        for (id, key) in zip(order, keys) { lists[id]?.position = key }
      case let .restoreList(id, name, createdAt, position):
        lists[id] = StoredList(name: name, createdAt: createdAt, position: position)
      case let .renameList(id, name):
        lists[id]?.name = name
      case let .setDefaultList(id):
        defaultList = id
      case let .setShopOrder(categories):
        if let id = defaultShop {
          shops[id]?.aisles = categories
        } else if !categories.isEmpty {
          let last = shops.values.map(\.position).max() ?? 0
          shops[Self.upgradedShopID] = StoredShop(
            name: Shop.upgradedShopName, aisles: categories, position: last + 1)
          defaultShop = Self.upgradedShopID
        }
      }
    }
  }

  /// What a user sees of shops: each by name with its order, the default one, and each list's
  /// shop by name.
  public var visibleShops: String {
    let named = shops.sorted { $0.value.position < $1.value.position }.map {
      "\($0.value.name): \($0.value.aisles)\($0.key == defaultShop ? " (default)" : "")"
    }
    let listed = lists.values.compactMap { list in
      list.shopID.map { "\(list.name) at \(shops[$0]?.name ?? "?")" }
    }.sorted()
    return (named + listed).joined(separator: "; ")
  }

  /// Every list's id, in the lists' order.
  public var listOrder: [ShoppingList.ID] {
    lists.sorted { ($0.value.position ?? 0) < ($1.value.position ?? 0) }.map(\.key)
  }

  public func products(of list: ShoppingList.ID) -> [Product] {
    rows.values.filter { $0.list == list }.sorted { $0.position < $1.position }.map(\.product)
  }

  /// What a user sees: every list by name, with its products in order (not the sort keys).
  public var visible: [String: [Product]] {
    Dictionary(uniqueKeysWithValues: lists.map { ($0.value.name, products(of: $0.key)) })
  }
}
