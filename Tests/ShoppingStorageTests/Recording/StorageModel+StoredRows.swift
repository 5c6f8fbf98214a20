import ShoplistTestSupport
import ShoppingCore
import ShoppingStorage

extension StorageModel: StoredRows {
  public func storedProduct(_ id: Product.ID) -> StoredProduct? {
    rows[id].map { StoredProduct(product: $0.product, listID: $0.list, position: $0.position) }
  }

  public func storedList(_ id: ShoppingList.ID, withProducts: Bool) -> StoredList? {
    guard var list = lists[id] else { return nil }
    list.isDefault = defaultList == id
    if withProducts {
      list.products = rows.values.filter { $0.list == id }.sorted { $0.position < $1.position }
        .map { StoredProduct(product: $0.product, listID: $0.list, position: $0.position) }
    }
    return list
  }

  public func storedOrder(ofList id: ShoppingList.ID) -> [Product.ID] {
    products(of: id).map(\.id)
  }

  public func storedDefaultList() -> ShoppingList.ID? { defaultList }

  public func storedListOrder() -> [ShoppingList.ID] { listOrder }

  public func storedShop(_ id: Shop.ID) -> StoredShop? { shops[id] }

  public func storedDefaultShop() -> Shop.ID? { defaultShop }
}

extension ChangeRecorder {
  /// Records each effect just before executing it on `model`, as storage does.
  mutating func record(_ effects: [PersistenceEffect], into model: inout StorageModel) throws {
    for effect in effects {
      try record(effect, before: model)
      model.execute([effect])
    }
  }
}
