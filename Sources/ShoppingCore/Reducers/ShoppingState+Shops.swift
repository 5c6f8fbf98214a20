import Foundation

extension ShoppingState {
  /// The loaded shops, for a change to them.
  func loadedShops() throws(ShoppingError) -> Shops {
    guard let shops else { throw .shopsNotLoaded }
    return shops
  }

  mutating func setAisles(
    _ categories: [String], shop name: String?, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    var shops = try loadedShops()
    let order = try ShopOrder(categories)
    var effects: [PersistenceEffect] = []
    let target: Shop
    if let name {
      let name = try Naming.name(name)
      if let existing = shops.shop(named: name) {
        target = existing
      } else if let nearest = Suggestion.nearest(to: name, among: shops.all.map(\.name)) {
        // A typo never makes a shop.
        throw .noSuchShop(name, nearest: nearest)
      } else {
        target = Shop(id: environment.uuid(), name: name)
      }
    } else if let existing = shops.defaultShop {
      target = existing
    } else if order.isEmpty {
      return []  // no shop, and no order to give one
    } else {
      target = Shop(id: environment.uuid(), name: Shop.upgradedShopName)
    }
    effects += Self.store(order, in: target, shops: &shops)
    self.shops = shops
    return effects
  }

  /// Gives the shop `target` the order `order`, adding the shop first when it is new (the
  /// first shop made becomes the default).
  static func store(
    _ order: ShopOrder, in target: Shop, shops: inout Shops
  ) -> [PersistenceEffect] {
    var effects: [PersistenceEffect] = []
    if shops.all[id: target.id] == nil {
      shops.all.append(target)
      effects.append(.insertShop(id: target.id, name: target.name))
      if shops.defaultID == nil {
        // The first shop made is the default.
        shops.defaultID = target.id
        effects.append(.setDefaultShop(target.id))
      }
    }
    if shops.all[id: target.id]?.aisles != order {
      shops.all[id: target.id]?.aisles = order
      effects.append(.setAisles(target.id, order.categories))
    }
    return effects
  }

  mutating func makeDefaultShop(_ id: Shop.ID) throws(ShoppingError) -> [PersistenceEffect] {
    var shops = try loadedShops()
    guard shops.all[id: id] != nil else { throw .noSuchShop(id.uuidString, nearest: nil) }
    guard shops.defaultID != id else { return [] }
    shops.defaultID = id
    self.shops = shops
    return [.setDefaultShop(id)]
  }

  mutating func renameShop(_ id: Shop.ID, to rawName: String) throws(ShoppingError)
    -> [PersistenceEffect]
  {
    var shops = try loadedShops()
    let name = try Naming.name(rawName)
    guard let shop = shops.all[id: id] else { throw .noSuchShop(id.uuidString, nearest: nil) }
    if let other = shops.shop(named: name), other.id != id { throw .shopNameTaken(other.name) }
    guard shop.name != name else { return [] }
    shops.all[id: id]?.name = name
    self.shops = shops
    return [.renameShop(id, to: name)]
  }

  mutating func deleteShop(_ id: Shop.ID) throws(ShoppingError) -> [PersistenceEffect] {
    var shops = try loadedShops()
    guard shops.all[id: id] != nil else { throw .noSuchShop(id.uuidString, nearest: nil) }
    var effects: [PersistenceEffect] = []
    // Lists naming it fall back to the default shop; in list order, so the effects are the
    // same whatever order the dictionary holds them in.
    for list in lists where shops.ofList[list.id] == id {
      effects.append(.setListShop(list.id, nil))
      shops.ofList[list.id] = nil
    }
    shops.all.remove(id: id)
    if shops.defaultID == id {
      shops.defaultID = shops.all.first?.id
      effects.append(.setDefaultShop(shops.defaultID))
    }
    effects.append(.deleteShop(id))
    self.shops = shops
    return effects
  }

  mutating func setListShop(
    _ listID: ShoppingList.ID, _ shopID: Shop.ID?
  ) throws(ShoppingError) -> [PersistenceEffect] {
    var shops = try loadedShops()
    guard lists[id: listID] != nil else { throw .noSuchList(listID.uuidString) }
    if let shopID, shops.all[id: shopID] == nil {
      throw .noSuchShop(shopID.uuidString, nearest: nil)
    }
    guard shops.ofList[listID] != shopID else { return [] }
    shops.ofList[listID] = shopID
    self.shops = shops
    return [.setListShop(listID, shopID)]
  }
}
