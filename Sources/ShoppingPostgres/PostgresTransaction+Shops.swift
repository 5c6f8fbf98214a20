import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// Shops: a row each, its aisles a text array (see migration 6).
extension PostgresTransaction {
  public func shops() throws(DatabaseError) -> Shops {
    try checkUsable()
    var defaultID: Shop.ID?
    let all = try session.query(
      "SELECT id, name, aisles, is_default FROM shop ORDER BY position"
    ).map { row throws(DatabaseError) in
      let id = try row.uuid(0)
      if try row.bool(3) { defaultID = id }
      return Shop(
        id: id, name: try row.text(1),
        aisles: ShopOrder(validated: try row.decode(2, as: [String].self)))
    }
    var ofList: [ShoppingList.ID: Shop.ID] = [:]
    if !all.isEmpty {
      for row in try session.query("SELECT id, shop_id FROM list WHERE shop_id IS NOT NULL") {
        ofList[try row.uuid(0)] = try row.uuid(1)
      }
    }
    return Shops(all, defaultID: defaultID, ofList: ofList)
  }

  public func storedShop(_ id: Shop.ID) throws(DatabaseError) -> StoredShop? {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(id)
    guard
      let row = try session.query("SELECT name, aisles, position FROM shop WHERE id = $1", binds)
        .first
    else { return nil }
    return StoredShop(
      name: try row.text(0), aisles: try row.decode(1, as: [String].self),
      position: try row.integer(2))
  }

  public func storedDefaultShop() throws(DatabaseError) -> Shop.ID? {
    try checkUsable()
    return try session.query("SELECT id FROM shop WHERE is_default").first?.uuid(0)
  }

  /// Executes an effect on shops.
  func executeShopEffect(_ effect: PersistenceEffect) throws(DatabaseError) {
    switch effect {
    case let .setShopOrder(categories):
      if let id = try storedDefaultShop() {
        try run("UPDATE shop SET aisles = $1 WHERE id = $2", categories, id)
      } else if !categories.isEmpty {
        let id = UUID()
        try insertShop(id, name: Shop.upgradedShopName, aisles: categories, position: nil)
        try run("UPDATE shop SET is_default = true WHERE id = $1", id)
      }
    case let .insertShop(id, name):
      try insertShop(id, name: name, aisles: [], position: nil)
    case let .restoreShop(id, name, aisles, position):
      // Room under its old key, when a shop made since took it.
      try run(
        """
        UPDATE shop SET position = position + 1
        WHERE position >= $1 AND EXISTS (SELECT 1 FROM shop WHERE position = $1)
        """, position)
      try insertShop(id, name: name, aisles: aisles, position: position)
    case let .deleteShop(id):
      try expectShop(id, try run("DELETE FROM shop WHERE id = $1", id))
    case let .renameShop(id, name):
      try expectShop(
        id,
        try run(
          "UPDATE shop SET name = $1, name_key = $2 WHERE id = $3", name, Naming.key(name).value, id
        ))
    case let .setAisles(id, aisles):
      try expectShop(id, try run("UPDATE shop SET aisles = $1 WHERE id = $2", aisles, id))
    case let .setDefaultShop(id):
      try run("UPDATE shop SET is_default = false WHERE is_default")
      if let id {
        try expectShop(id, try run("UPDATE shop SET is_default = true WHERE id = $1", id))
      }
    case let .setListShop(listID, shopID):
      var binds = PostgresBindings()
      binds.append(shopID)
      binds.append(listID)
      if try session.execute("UPDATE list SET shop_id = $1 WHERE id = $2", binds) == 0 {
        throw DatabaseError(
          reason: .rowNotFound, path: location, message: "no list with id \(listID.uuidString)")
      }
    default:
      preconditionFailure("not an effect on shops: \(effect)")
    }
  }

  /// Inserts a shop under `position`, or after the last one.
  private func insertShop(
    _ id: Shop.ID, name: String, aisles: [String], position: Int64?
  ) throws(DatabaseError) {
    var binds = PostgresBindings()
    binds.append(id)
    binds.append(name)
    binds.append(Naming.key(name).value)
    binds.append(aisles)
    binds.append(position)
    try session.execute(
      """
      INSERT INTO shop (id, name, name_key, aisles, position)
      VALUES ($1, $2, $3, $4, coalesce($5, (SELECT coalesce(max(position), 0) + 1 FROM shop)))
      """, binds)
  }

  private func expectShop(_ id: Shop.ID, _ changed: Int) throws(DatabaseError) {
    if changed == 0 {
      throw DatabaseError(
        reason: .rowNotFound, path: location, message: "no shop with id \(id.uuidString)")
    }
  }
}
