import Foundation
import ShoppingCore
import ShoppingStorage

// Shops: a row each, its aisles one text of line-separated categories (see migration 10).
extension ShoppingRepository {
  public func shops() throws(DatabaseError) -> Shops {
    try checkUsable()
    var all: [Shop] = []
    var defaultID: Shop.ID?
    try connection.query(
      "SELECT id, name, aisles, isDefault FROM shop ORDER BY position, rowid"
    ) { row throws(DatabaseError) in
      let id = try decodeID(row, 0, "shop.id")
      all.append(
        Shop(id: id, name: row.text(1), aisles: ShopOrder(validated: Self.aisles(row.text(2)))))
      if row.integer(3) != 0 { defaultID = id }
    }
    var ofList: [ShoppingList.ID: Shop.ID] = [:]
    if !all.isEmpty {
      try connection.query("SELECT id, shopId FROM list WHERE shopId IS NOT NULL") {
        row throws(DatabaseError) in
        ofList[try decodeID(row, 0, "list.id")] = try decodeID(row, 1, "list.shopId")
      }
    }
    return Shops(all, defaultID: defaultID, ofList: ofList)
  }

  public func storedShop(_ id: Shop.ID) throws(DatabaseError) -> StoredShop? {
    try checkUsable()
    var found: StoredShop?
    try connection.query("SELECT name, aisles, position FROM shop WHERE id = ?", [.id(id)]) {
      row throws(DatabaseError) in
      found = StoredShop(
        name: row.text(0), aisles: Self.aisles(row.text(1)), position: row.integer(2))
    }
    return found
  }

  public func storedDefaultShop() throws(DatabaseError) -> Shop.ID? {
    try checkUsable()
    var found: Shop.ID?
    try connection.query("SELECT id FROM shop WHERE isDefault") { row throws(DatabaseError) in
      found = row.uuid(0)
    }
    return found
  }

  /// Executes an effect on shops.
  func executeShopEffect(_ effect: PersistenceEffect) throws(DatabaseError) {
    switch effect {
    case let .setShopOrder(categories):
      if let id = try storedDefaultShop() {
        try connection.run(
          "UPDATE shop SET aisles = ? WHERE id = ?", [.text(Self.text(categories)), .id(id)])
      } else if !categories.isEmpty {
        let id = UUID()
        try insertShop(id, name: Shop.upgradedShopName, aisles: categories, position: nil)
        try connection.run("UPDATE shop SET isDefault = 1 WHERE id = ?", [.id(id)])
      }
    case let .insertShop(id, name):
      try insertShop(id, name: name, aisles: [], position: nil)
    case let .restoreShop(id, name, aisles, position):
      // Room under its old key, when a shop made since took it.
      try connection.run(
        """
        UPDATE shop SET position = position + 1
        WHERE position >= ?1 AND EXISTS (SELECT 1 FROM shop WHERE position = ?1)
        """, [.integer(position)])
      try insertShop(id, name: name, aisles: aisles, position: position)
    case let .deleteShop(id):
      try connection.run("DELETE FROM shop WHERE id = ?", [.id(id)])
      try expectChange("shop", id)
    case let .renameShop(id, name):
      try connection.run(
        "UPDATE shop SET name = ?, nameKey = ? WHERE id = ?",
        [.text(name), .key(Naming.key(name)), .id(id)])
      try expectChange("shop", id)
    case let .setAisles(id, aisles):
      try connection.run(
        "UPDATE shop SET aisles = ? WHERE id = ?", [.text(Self.text(aisles)), .id(id)])
      try expectChange("shop", id)
    case let .setDefaultShop(id):
      try connection.run("UPDATE shop SET isDefault = 0 WHERE isDefault")
      if let id {
        try connection.run("UPDATE shop SET isDefault = 1 WHERE id = ?", [.id(id)])
        try expectChange("shop", id)
      }
    case let .setListShop(listID, shopID):
      try connection.run(
        "UPDATE list SET shopId = ? WHERE id = ?", [shopID.map { .id($0) } ?? .null, .id(listID)])
      try expectChange("list", listID)
    default:
      preconditionFailure("not an effect on shops: \(effect)")
    }
  }

  /// Inserts a shop under `position`, or after the last one.
  private func insertShop(
    _ id: Shop.ID, name: String, aisles: [String], position: Int64?
  ) throws(DatabaseError) {
    try connection.run(
      """
      INSERT INTO shop (id, name, nameKey, aisles, position)
      VALUES (?, ?, ?, ?, coalesce(?, (SELECT coalesce(max(position), 0) + 1 FROM shop)))
      """,
      [
        .id(id), .text(name), .key(Naming.key(name)), .text(Self.text(aisles)),
        position.map { .integer($0) } ?? .null,
      ])
  }

  /// A shop's aisles as stored: its categories, one per line.
  static func text(_ aisles: [String]) -> String { aisles.joined(separator: "\n") }

  /// A shop's categories, read from their stored text.
  static func aisles(_ text: String) -> [String] {
    text.isEmpty
      ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
