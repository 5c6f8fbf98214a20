extension ShoppingState {
  /// Restores what a backup holds beside its items: each shop it names (made when missing)
  /// gets its order, the default shop and each list's shop follow the backup, and so does the
  /// default list. What already matches asks for no work, so importing the same backup again
  /// changes nothing.
  ///
  /// - Throws: An invalid shop name or order, a list's shop that is no shop, or a list the
  ///   backup names that does not exist (the import makes each list it names, first).
  mutating func importSettings(
    _ settings: BackupSettings, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    let markedList = try settings.defaultList.map { name throws(ShoppingError) in
      guard let list = list(named: name) else { throw .noSuchList(name) }
      return list.id
    }
    var effects: [PersistenceEffect] = []
    if !settings.shops.isEmpty || !settings.listShops.isEmpty {
      var shops = try loadedShops()
      var markedDefault: Shop.ID?
      for entry in settings.shops {
        let name = try Naming.name(entry.name)
        let order = try ShopOrder(entry.aisles)
        let target = shops.shop(named: name) ?? Shop(id: environment.uuid(), name: name)
        effects += Self.store(order, in: target, shops: &shops)
        if entry.isDefault { markedDefault = target.id }
      }
      if let markedDefault, shops.defaultID != markedDefault {
        shops.defaultID = markedDefault
        effects.append(.setDefaultShop(markedDefault))
      }
      for entry in settings.listShops {
        guard let list = list(named: entry.list) else { throw .noSuchList(entry.list) }
        let shop = try shops.existing(named: entry.shop)
        guard shops.ofList[list.id] != shop.id else { continue }
        shops.ofList[list.id] = shop.id
        effects.append(.setListShop(list.id, shop.id))
      }
      self.shops = shops
    }
    // Already the default by its name (the fallback) needs no mark.
    if let markedList, defaultList?.id != markedList {
      defaultListID = markedList
      effects.append(.setDefaultList(markedList))
    }
    return effects
  }
}
