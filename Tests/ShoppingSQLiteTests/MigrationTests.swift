import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Migrations")
struct MigrationTests {
  /// The repository's Migrations/sqlite folder, the only source of SQLite's schema.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Migrations/sqlite", directoryHint: .isDirectory)

  /// Data as the shoplist of each schema version wrote it. A new migration needs a seed here,
  /// so that the upgrade test covers a database written at that version.
  static let seeds: [Int: String] = [
    1: listAndProducts(listColumns: "", listValues: ""),
    2: listAndProducts(listColumns: "", listValues: "") + """
      INSERT INTO history (at, command, summary, kind, record)
        VALUES ('2026-11-18T11:06:40Z', 'add Bread', 'Groceries: 1 added', 'change', x'');
      """,
    // Groceries made the default, and a shop order.
    3: groceriesAsDefault,
    // Names compared under full case folding: the same tables.
    4: groceriesAsDefault,
    // Members, and history naming the member who made a change.
    5: withMembers,
    // History records in parts: the same tables, and one more.
    6: withMembers + """
      INSERT INTO historyPart (entry, part, record) VALUES (1, 0, x'');
      """,
    // updatedAt to the microsecond: the same tables.
    7: withMembers + """
      INSERT INTO historyPart (entry, part, record) VALUES (1, 0, x'');
      """,
    // A member's devices and invites in tables of their own, and settings.
    8: withDevices,
    // What left the lists, remembered.
    9: withDevices + """
      INSERT INTO remembered (nameKey, name, quantity, unit, category, times, updatedAt)
        VALUES ('tea', 'Tea', '2', 'boxes', 'hot drinks', 3, '2026-11-18T11:10:00Z');
      """,
    // Shops: the one order is the default shop's.
    10: withShops,
    // Lists in an order of their own: the same tables.
    11: withShops,
  ]

  static let withShops =
    (withDevices + """
      INSERT INTO remembered (nameKey, name, quantity, unit, category, times, updatedAt)
        VALUES ('tea', 'Tea', '2', 'boxes', 'hot drinks', 3, '2026-11-18T11:10:00Z');
      """).replacingOccurrences(
      of: "INSERT INTO aisle (position, category) VALUES (1, 'bakery'), (2, 'dairy');",
      with: """
        INSERT INTO shop (id, name, nameKey, position, aisles, isDefault) VALUES (
          '00000000-0000-0000-0000-00000000000B', 'default', 'default', 1,
          'bakery' || char(10) || 'dairy', 1);
        """)

  static let withDevices =
    groceriesAsDefault + """
      INSERT INTO member (id, name, nameKey, invitedAt) VALUES (
        '00000000-0000-0000-0000-00000000000A', 'Ana', 'ana', '2026-11-18T11:06:40Z');
      INSERT INTO device (id, memberId, secretHash, joinedAt, lastSeenAt) VALUES (
        '00000000-0000-0000-0000-00000000000A', '00000000-0000-0000-0000-00000000000A',
        '\(String(repeating: "b", count: 64))', '2026-11-18T11:07:00Z', '2026-11-18T11:08:00Z');
      INSERT INTO invite (codeHash, memberId, createdAt, expiresAt, spentAt) VALUES (
        '\(String(repeating: "a", count: 64))', '00000000-0000-0000-0000-00000000000A',
        '2026-11-18T11:06:40Z', '2026-11-25T11:06:40Z', '2026-11-18T11:07:00Z');
      INSERT INTO history (at, command, summary, kind, record, by)
        VALUES ('2026-11-18T11:09:00Z', 'web (Ana): check Milk', 'Groceries: 1 updated',
          'change', x'', 'Ana');
      INSERT INTO historyPart (entry, part, record) VALUES (1, 0, x'');
      """

  static let withMembers =
    groceriesAsDefault + """
      INSERT INTO member (
        id, name, nameKey, inviteHash, invitedAt, secretHash, joinedAt, lastSeenAt
      ) VALUES (
        '00000000-0000-0000-0000-00000000000A', 'Ana', 'ana', '\(String(repeating: "a", count: 64))',
        '2026-11-18T11:06:40Z', '\(String(repeating: "b", count: 64))', '2026-11-18T11:07:00Z',
        '2026-11-18T11:08:00Z');
      INSERT INTO history (at, command, summary, kind, record, by)
        VALUES ('2026-11-18T11:09:00Z', 'web (Ana): check Milk', 'Groceries: 1 updated',
          'change', x'', 'Ana');
      """

  static let groceriesAsDefault =
    listAndProducts(listColumns: ", isDefault", listValues: ", 1") + """
      INSERT INTO aisle (position, category) VALUES (1, 'bakery'), (2, 'dairy');
      """

  /// The Groceries list with Milk and Bread, the list row with more columns when given.
  static func listAndProducts(listColumns: String, listValues: String) -> String {
    """
    INSERT INTO list (id, name, nameKey, createdAt\(listColumns))
      VALUES ('\(groceriesID)', 'Groceries', 'groceries', '2026-11-18T11:06:40Z'\(listValues));
    INSERT INTO product (
      id, listId, position, name, nameKey, isChecked, quantity, unit, category, note,
      addedAt, updatedAt
    ) VALUES
      ('\(productID(1))', '\(groceriesID)', 1, 'Milk', 'milk', 1, '0.5', 'l', 'dairy', NULL,
        '2026-11-18T11:06:40Z', '2026-11-18T11:06:40Z'),
      ('\(productID(2))', '\(groceriesID)', 2, 'Bread', 'bread', 0, '1', NULL, NULL, 'rye',
        '2026-11-18T11:06:40Z', '2026-11-18T11:06:40Z');

    """
  }

  static var seededState: ShoppingState {
    var milk = product(1, "Milk", isChecked: true)
    milk.quantity = (try? Quantity("0.5")) ?? .one
    milk.unit = "l"
    milk.category = "dairy"
    var bread = product(2, "Bread")
    bread.note = "rye"
    return ShoppingState(lists: [
      ShoppingList(id: groceriesID, name: "Groceries", createdAt: now, products: [milk, bread])
    ])
  }

  @Test func everyFileOfTheMigrationsFolderIsEmbeddedInOrder() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".sql") }
      .sorted()
    let onDisk = try files.map { file in
      (file, try String(contentsOf: Self.folder.appending(path: file), encoding: .utf8))
    }

    let embedded = Migration.embedded

    #expect(!files.isEmpty)
    #expect(embedded.map { "\($0.name).sql" } == files)
    #expect(embedded.map(\.sql) == onDisk.map(\.1))
    #expect(embedded.map(\.version) == Array(1...files.count))
  }

  @Test func aNewDatabaseHasEveryMigrationAppliedInOrderAndRecorded() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))

    let recorded = try database.withConnection { connection in
      var rows: [String] = []
      try connection.query("SELECT version, name FROM migration ORDER BY rowid") { row in
        rows.append("\(row.integer(0)) \(row.text(1))")
      }
      return rows
    }

    #expect(recorded == Migration.embedded.map { "\($0.version) \($0.name)" })
    #expect(try database.rawInteger("PRAGMA user_version") == ShoppingDatabase.schemaVersion)
    #expect(try database.rawInteger("PRAGMA application_id") == Migrator.applicationID)
    #expect(try database.withConnection { try $0.text("PRAGMA journal_mode") } == "wal")
  }

  @Test(arguments: 0...Migrator().latestVersion)
  func aDatabaseAtAnEarlierVersionUpgradesWithItsDataIntact(version: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.path("shopping.sqlite")
    try DatabaseFile.prepare(path)
    do {
      let connection = try Connection(path: path)
      try Migrator().migrate(connection, upTo: version)
      if version > 0 {
        let seed = try #require(Self.seeds[version], "add a seed for schema version \(version)")
        try connection.executeScript(seed)
      }
    }

    let database = try ShoppingDatabase(path: path)

    var expected = version == 0 ? ShoppingState() : Self.seededState
    if version >= 3 {
      // Made the default at version 3, with a shop order.
      expected = ShoppingState(lists: expected.lists, defaultListID: groceriesID)
      let shops = try database.read { try $0.shops() }
      #expect(shops.all.map(\.name) == ["default"])
      #expect(shops.defaultShop?.aisles == ShopOrder(validated: ["bakery", "dairy"]))
      #expect(shops.ofList.isEmpty)
    }
    #expect(try database.everything() == expected)
    // Entries made before members were known were made by none; members stay members.
    let history = try database.read { try $0.history(limit: 10) }
    #expect(history.map(\.by) == (version >= 5 ? ["Ana"] : version == 2 ? [nil] : []))
    let members = try database.read { try $0.members() }
    #expect(members.map(\.name) == (version >= 5 ? ["Ana"] : []))
    #expect(
      try database.read { try $0.rememberedItems(named: nil) }
        == (version >= 9
          ? [
            RememberedItem(
              name: "Tea", quantity: 2, unit: "boxes", category: "hot drinks", times: 3,
              updatedAt: Date(timeIntervalSince1970: 1_795_000_200))
          ] : []))
    if version >= 5 {
      // The one device a member had before devices were counted stays signed in, and the
      // invite it used stays used.
      let seen = try database.read {
        (
          try $0.device(secretHash: String(repeating: "b", count: 64))?.device,
          try $0.invite(codeHash: String(repeating: "a", count: 64))
        )
      }
      #expect(seen.0?.joinedAt == Date(timeIntervalSince1970: 1_795_000_020))
      #expect(seen.0?.lastSeenAt == Date(timeIntervalSince1970: 1_795_000_080))
      #expect(seen.1?.spentAt == Date(timeIntervalSince1970: 1_795_000_020))
      #expect(seen.1?.expiresAt == Date(timeIntervalSince1970: 1_795_000_000 + 7 * 86_400))
    }
    #expect(try database.rawInteger("PRAGMA user_version") == ShoppingDatabase.schemaVersion)
    #expect(try database.rawInteger("SELECT count(*) FROM migration") == Migration.embedded.count)
  }

  @Test func reopeningAppliesNothingAgain() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("shopping.sqlite")
    _ = try withDatabase(at: path) { _ in }

    let statements = try withDatabase(at: path) { database in
      try database.withConnection { $0.statementsExecuted }
    }

    // One inspection (application id, schema version, schema size) and one script setting
    // the connection's pragmas: an up-to-date database is not inspected a second time.
    #expect(statements == 2)
    let recorded = try withDatabase(at: path) { database in
      try database.rawInteger("SELECT count(*) FROM migration")
    }
    #expect(recorded == Migration.embedded.count)
  }

  @Test func aFailingMigrationIsRolledBackAndTheOnesBeforeItStay() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("shopping.sqlite")
    try DatabaseFile.prepare(path)
    let connection = try Connection(path: path)
    let broken = Migration(
      version: Migration.embedded.count + 1, name: "9999_broken",
      sql: "CREATE TABLE extra (value TEXT); INSERT INTO nowhere VALUES (1);"
    )

    #expect(throws: DatabaseError.self) {
      try Migrator(migrations: Migration.embedded + [broken]).migrate(connection)
    }

    #expect(try connection.integer("PRAGMA user_version") == Migration.embedded.count)
    #expect(try connection.integer("SELECT count(*) FROM migration") == Migration.embedded.count)
    #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
  }
}
