import Foundation
import ShoppingCore

// MARK: - Executing effects

extension InMemoryTransaction {
  public func apply(
    _ effects: [PersistenceEffect], recordingEach record: (PersistenceEffect) throws -> Void
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard !effects.isEmpty else { return }
    // All or nothing: the batch works on a copy, kept only when every effect succeeded.
    let before = tables
    do {
      for effect in effects {
        try record(effect)
        try execute(effect)
      }
    } catch {
      tables = before
      if let error = error as? DatabaseError { throw error }
      throw DatabaseError(reason: .other, path: location, message: "\(error)")
    }
  }

  private func execute(_ effect: PersistenceEffect) throws(DatabaseError) {
    switch effect {
    case let .deleteList(id):
      guard tables.lists.removeValue(forKey: id) != nil else { throw notFound("list", id) }
      tables.products = tables.products.filter { $0.value.listID != id }
      if tables.defaultList == id { tables.defaultList = nil }

    case let .deleteProducts(ids):
      for id in Set(ids) where tables.products.removeValue(forKey: id) == nil {
        throw notFound("product", id)
      }

    case let .insertList(id, name, createdAt):
      let position = (tables.lists.values.map(\.position).max() ?? 0) + 1
      try insertList(.init(id: id, name: name, createdAt: createdAt, position: position))

    case let .insertProduct(product, listID):
      let position = (tables.rows(ofList: listID).last?.position ?? 0) + 1
      try insertProduct(product, listID: listID, position: position)

    case let .restoreList(id, name, createdAt, position):
      if tables.lists.values.contains(where: { $0.position == position }) {
        for (key, row) in tables.lists where row.position >= position {
          tables.lists[key]?.position = row.position + 1
        }
      }
      try insertList(.init(id: id, name: name, createdAt: createdAt, position: position))

    case let .restoreProduct(product, listID, position):
      let rows = tables.rows(ofList: listID)
      if rows.contains(where: { $0.position == position }) {
        for row in rows where row.position >= position {
          tables.products[row.product.id]?.position = row.position + 1
        }
      }
      try insertProduct(product, listID: listID, position: position)

    case let .renameList(id, name):
      guard tables.lists[id] != nil else { throw notFound("list", id) }
      try checkListName(name, except: id)
      tables.lists[id]?.name = name

    case let .reorderProducts(listID, order):
      try reorder(listID, order)

    case let .reorderLists(order):
      var keys: [Int64] = []
      for id in order {
        guard let row = tables.lists[id] else { throw notFound("list", id) }
        keys.append(row.position)
      }
      for (id, key) in zip(order, keys.sorted()) { tables.lists[id]?.position = key }

    case let .setDefaultList(id):
      if let id, tables.lists[id] == nil { throw notFound("list", id) }
      tables.defaultList = id

    case let .setShopOrder(categories):
      if let id = tables.defaultShop {
        tables.shops[id]?.aisles = categories
      } else if !categories.isEmpty {
        let id = UUID()
        try insertShop(.init(id: id, name: Shop.upgradedShopName, aisles: categories, position: 0))
        tables.defaultShop = id
      }

    case let .insertShop(id, name):
      try insertShop(.init(id: id, name: name, aisles: [], position: 0))

    case let .restoreShop(id, name, aisles, position):
      if tables.shops.values.contains(where: { $0.position == position }) {
        for (key, row) in tables.shops where row.position >= position {
          tables.shops[key]?.position = row.position + 1
        }
      }
      try insertShop(.init(id: id, name: name, aisles: aisles, position: position))

    case let .deleteShop(id):
      guard tables.shops.removeValue(forKey: id) != nil else { throw notFound("shop", id) }
      for (key, row) in tables.lists where row.shopID == id { tables.lists[key]?.shopID = nil }
      if tables.defaultShop == id { tables.defaultShop = nil }

    case let .renameShop(id, name):
      guard tables.shops[id] != nil else { throw notFound("shop", id) }
      try checkShopName(name, except: id)
      tables.shops[id]?.name = name

    case let .setAisles(id, aisles):
      guard tables.shops[id] != nil else { throw notFound("shop", id) }
      tables.shops[id]?.aisles = aisles

    case let .setDefaultShop(id):
      if let id, tables.shops[id] == nil { throw notFound("shop", id) }
      tables.defaultShop = id

    case let .setListShop(listID, shopID):
      guard tables.lists[listID] != nil else { throw notFound("list", listID) }
      if let shopID, tables.shops[shopID] == nil {
        throw DatabaseError(
          reason: .constraintViolation, path: location, message: "FOREIGN KEY constraint failed")
      }
      tables.lists[listID]?.shopID = shopID

    case let .updateProduct(product):
      guard let row = tables.products[product.id] else { throw notFound("product", product.id) }
      try checkItemName(product.name, inList: row.listID, except: product.id)
      var product = product
      product.addedAt = Timestamp.wholeSeconds(of: product.addedAt)
      tables.products[product.id]?.product = product
    }
  }

  private func insertList(_ row: InMemoryTables.ListRow) throws(DatabaseError) {
    guard tables.lists[row.id] == nil else { throw taken("list.id") }
    try checkListName(row.name, except: nil)
    var row = row
    row.createdAt = Timestamp.wholeSeconds(of: row.createdAt)
    tables.lists[row.id] = row
  }

  /// Inserts a shop; position 0 puts it after the last.
  private func insertShop(_ row: InMemoryTables.ShopRow) throws(DatabaseError) {
    guard tables.shops[row.id] == nil else { throw taken("shop.id") }
    try checkShopName(row.name, except: nil)
    var row = row
    if row.position == 0 { row.position = (tables.shops.values.map(\.position).max() ?? 0) + 1 }
    tables.shops[row.id] = row
  }

  private func checkShopName(_ name: String, except id: UUID?) throws(DatabaseError) {
    let key = Naming.key(name)
    if tables.shops.values.contains(where: { $0.id != id && Naming.key($0.name) == key }) {
      throw taken("shop.nameKey")
    }
  }

  private func insertProduct(
    _ product: Product, listID: UUID, position: Int64
  ) throws(DatabaseError) {
    guard tables.products[product.id] == nil else { throw taken("product.id") }
    guard tables.lists[listID] != nil else {
      throw DatabaseError(
        reason: .constraintViolation, path: location, message: "FOREIGN KEY constraint failed")
    }
    try checkItemName(product.name, inList: listID, except: nil)
    var product = product
    product.addedAt = Timestamp.wholeSeconds(of: product.addedAt)
    tables.products[product.id] = .init(
      product: product, listID: listID, position: position, sequence: tables.nextSequence)
    tables.nextSequence += 1
  }

  /// Puts the products in `order` under the list's own sort keys, smallest first, as the
  /// SQLite storage does (see its `reorderProducts`).
  private func reorder(_ listID: UUID, _ order: [UUID]) throws(DatabaseError) {
    let rows = tables.rows(ofList: listID)
    let stored = Set(rows.map(\.product.id))
    guard rows.count == order.count, Set(order) == stored else {
      throw DatabaseError(
        reason: .rowNotFound, path: location,
        message: "the new order of list \(listID.uuidString) does not name its products"
          + " (\(order.count) named, \(rows.count) stored)")
    }
    var keys = rows.map(\.position).sorted()
    if zip(keys, keys.dropFirst()).contains(where: { $0 == $1 }) {
      keys = Array(1...Int64(keys.count))
    }
    for (id, key) in zip(order, keys) {
      tables.products[id]?.position = key
    }
  }

  private func checkListName(_ name: String, except id: UUID?) throws(DatabaseError) {
    let key = Naming.key(name)
    if tables.lists.values.contains(where: { $0.id != id && Naming.key($0.name) == key }) {
      throw taken("list.nameKey")
    }
  }

  private func checkItemName(
    _ name: String, inList listID: UUID, except id: UUID?
  ) throws(DatabaseError) {
    let key = Naming.key(name)
    if tables.products.values.contains(where: {
      $0.listID == listID && $0.product.id != id && Naming.key($0.product.name) == key
    }) {
      throw taken("product.listId, product.nameKey")
    }
  }

  private func taken(_ columns: String) -> DatabaseError {
    DatabaseError(
      reason: .constraintViolation, path: location,
      message: "UNIQUE constraint failed: \(columns)")
  }

  private func notFound(_ table: String, _ id: UUID) -> DatabaseError {
    DatabaseError(
      reason: .rowNotFound, path: location, message: "no \(table) with id \(id.uuidString)")
  }
}

// MARK: - What history keeps of overwritten rows

extension InMemoryTransaction {
  public func storedProduct(_ id: Product.ID) throws(DatabaseError) -> StoredProduct? {
    try checkUsable()
    return tables.products[id].map {
      StoredProduct(product: $0.product, listID: $0.listID, position: $0.position)
    }
  }

  public func storedList(
    _ id: ShoppingList.ID, withProducts: Bool
  ) throws(DatabaseError) -> StoredList? {
    try checkUsable()
    guard let row = tables.lists[id] else { return nil }
    var list = StoredList(
      name: row.name, createdAt: row.createdAt, position: row.position,
      isDefault: tables.defaultList == id, shopID: row.shopID)
    if withProducts {
      list.products = tables.rows(ofList: id).map {
        StoredProduct(product: $0.product, listID: $0.listID, position: $0.position)
      }
    }
    return list
  }

  public func storedOrder(ofList id: ShoppingList.ID) throws(DatabaseError) -> [Product.ID] {
    try checkUsable()
    return tables.rows(ofList: id).map(\.product.id)
  }

  public func storedDefaultList() throws(DatabaseError) -> ShoppingList.ID? {
    try checkUsable()
    return tables.defaultList
  }

  public func storedShop(_ id: Shop.ID) throws(DatabaseError) -> StoredShop? {
    try checkUsable()
    return tables.shops[id].map {
      StoredShop(name: $0.name, aisles: $0.aisles, position: $0.position)
    }
  }

  public func storedDefaultShop() throws(DatabaseError) -> Shop.ID? {
    try checkUsable()
    return tables.defaultShop
  }
}
