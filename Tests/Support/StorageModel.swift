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
  public var shopOrder: [String] = []

  public init(_ state: ShoppingState) {
    for list in state.lists {
      lists[list.id] = StoredList(name: list.name, createdAt: list.createdAt)
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
      case let .insertList(id, name, createdAt):
        lists[id] = StoredList(name: name, createdAt: createdAt)
      case let .restoreList(id, name, createdAt, position):
        lists[id] = StoredList(name: name, createdAt: createdAt, position: position)
      case let .renameList(id, name):
        lists[id]?.name = name
      case let .setDefaultList(id):
        defaultList = id
      case let .setShopOrder(categories):
        shopOrder = categories
      }
    }
  }

  public func products(of list: ShoppingList.ID) -> [Product] {
    rows.values.filter { $0.list == list }.sorted { $0.position < $1.position }.map(\.product)
  }

  /// What a user sees: every list by name, with its products in order (not the sort keys).
  public var visible: [String: [Product]] {
    Dictionary(uniqueKeysWithValues: lists.map { ($0.value.name, products(of: $0.key)) })
  }
}
