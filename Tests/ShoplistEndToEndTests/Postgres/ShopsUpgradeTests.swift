import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A database made by the release before shops, upgraded by this one: its one shop order is
/// the default shop's, named "default", and its history still undoes.
@Suite(.offThePool) struct ShopsUpgradeTests {
  /// What the release before shops left of the schema: an `aisle` table, lists without a shop,
  /// the migrations to shops and to the lists' own order not applied (the list order's
  /// renumbering leaves lists made one after another as they are), nor PostgreSQL's later
  /// ones (commit tokens).
  static let beforeShops = (
    sqlite: """
    ALTER TABLE list DROP COLUMN shopId; DROP TABLE shop;
    CREATE TABLE aisle (position INTEGER PRIMARY KEY, category TEXT NOT NULL);
    INSERT INTO aisle VALUES (1, 'bakery'), (2, 'dairy');
    DELETE FROM migration WHERE version >= 10; PRAGMA user_version = 9;
    """,
    postgres: """
    ALTER TABLE shoplist.list DROP COLUMN shop_id; DROP TABLE shoplist.shop;
    CREATE TABLE shoplist.aisle (position integer PRIMARY KEY, category text NOT NULL);
    INSERT INTO shoplist.aisle VALUES (1, 'bakery'), (2, 'dairy');
    DROP TABLE shoplist.commit_token;
    DELETE FROM shoplist.migration WHERE version >= 6;
    """
  )

  @Test(arguments: Engine.all)
  func theOneShopOrderBecomesTheDefaultShops(engine: Engine) throws {
    var shoplist = try Shoplist()
    let location = try engine.location(in: shoplist.folder)
    shoplist.environment["SHOPLIST_DB"] = location
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("add", "Bread", "--category", "bakery")
    switch engine {
    case .sqlite:
      _ = try shoplist.sqlite(Self.beforeShops.sqlite)
      #expect(try shoplist.sqlite("PRAGMA user_version") == "9")
    case .postgres:
      let name = String(try #require(URLComponents(string: location)).path.dropFirst())
      try Engine.cluster().psql(Self.beforeShops.postgres, database: name)
    }

    #expect(
      try shoplist.ok("shops", "--json").stdout
        == #"{"shops": [{"name": "default", "aisles": ["bakery", "dairy"], "default": true}]}"#
        + "\n")
    #expect(try shoplist.ok("aisles").stdout == "shop order: bakery → dairy\n")
    try shoplist.ok("sort", "--by", "aisle")
    #expect(try shoplist.names() == ["Bread", "Milk"])
    // Named, changed and undone like any shop; the history made before still undoes.
    try shoplist.ok("shops", "rename", "default", "Lidl")
    try shoplist.ok("undo")
    try shoplist.ok("undo")
    #expect(try shoplist.names() == ["Milk", "Bread"])
    #expect(try shoplist.ok("shops").stdout == "default  bakery → dairy  (default)\n")
    #expect(try shoplist.integrityCheck() == "ok")
  }
}
