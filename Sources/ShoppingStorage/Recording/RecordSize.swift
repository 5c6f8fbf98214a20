import ShoppingCore

/// About how many bytes ``ChangeRecordCodec`` writes for each thing a record holds: enough
/// to tell when a record has grown past a part's size, without encoding it to know.
enum RecordSize {
  static let id = 16

  static func of(_ step: ChangeRecord.Step) -> Int {
    switch step {
    case .added, .restored: return 1 + 2 * id
    case let .executed(effect): return of(effect)
    }
  }

  static func of(_ effect: PersistenceEffect) -> Int {
    switch effect {
    case let .deleteProducts(ids): return 4 + id * ids.count
    case let .reorderProducts(_, order): return 4 + id * (order.count + 1)
    case let .reorderLists(order): return 4 + id * order.count
    case let .insertProduct(product, _), let .restoreProduct(product, _, _):
      return 1 + of(product) + id + 8
    case let .updateProduct(product): return 1 + of(product)
    case let .setShopOrder(categories): return of(categories)
    case let .insertList(_, name, _), let .renameList(_, name), let .restoreList(_, name, _, _):
      return 1 + id + 16 + name.utf8.count
    case .deleteList, .setDefaultList, .deleteShop, .setDefaultShop: return 2 + id
    case let .insertShop(_, name), let .renameShop(_, name): return 1 + id + 2 + name.utf8.count
    case let .restoreShop(_, name, aisles, _):
      return 1 + id + 10 + name.utf8.count + of(aisles)
    case let .setAisles(_, aisles): return 1 + id + of(aisles)
    case .setListShop: return 2 + 2 * id
    }
  }

  static func of(_ categories: [String]) -> Int {
    4 + categories.reduce(0) { $0 + 2 + $1.utf8.count }
  }

  static func of(_ shop: StoredShop) -> Int { id + 10 + shop.name.utf8.count + of(shop.aisles) }

  static func of(_ product: Product) -> Int {
    id + 24 + product.name.utf8.count + (product.unit?.utf8.count ?? 0)
      + (product.category?.utf8.count ?? 0) + (product.note?.utf8.count ?? 0)
  }

  static func of(_ stored: StoredProduct) -> Int { of(stored.product) + id + 8 }

  static func of(_ list: StoredList) -> Int {
    id + 24 + list.name.utf8.count + list.products.reduce(0) { $0 + of($1) }
  }
}
