import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// Migration 0004: names compared under full case folding. A database written before it may
/// hold names that now compare equal; they are told apart, and nothing is lost.
@Suite("Migrating to case-folded names")
struct CaseFoldingMigrationTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("shopping.sqlite")
  }

  static let otherListID = UUID(counting: 2_000_001)

  /// A database at schema version 3, holding what `sql` writes on top of the list Groceries.
  func databaseBeforeFolding(_ sql: String) throws {
    try DatabaseFile.prepare(path)
    let connection = try Connection(path: path)
    try Migrator().migrate(connection, upTo: 3)
    try connection.executeScript(
      """
      INSERT INTO list (id, name, nameKey, createdAt)
        VALUES ('\(groceriesID)', 'Groceries', 'groceries', '2026-11-18T11:06:40Z');
      \(sql)
      """
    )
  }

  /// An item row as shoplist wrote it before: its key in lower case only.
  func item(
    _ number: UInt64, _ name: String, addedAt: String, list: UUID = groceriesID
  ) -> String {
    """
    INSERT INTO product (id, listId, position, name, nameKey, addedAt, updatedAt)
      VALUES ('\(productID(number))', '\(list)', \(number), '\(name)', '\(name.lowercased())',
        '\(addedAt)', '\(addedAt)');
    """
  }

  func names(_ database: ShoppingDatabase, list: UUID = groceriesID) throws -> [String] {
    try database.everything().lists[id: list]?.products.map(\.name) ?? []
  }

  @Test func theLaterAddedOfItemsThatNowShareANameIsNumbered() throws {
    // Written in another order than they were added: the time decides.
    try databaseBeforeFolding(
      item(1, "WEISSWURST", addedAt: "2026-11-18T12:00:00Z")
        + item(2, "Weißwurst", addedAt: "2026-11-18T11:00:00Z")
        + item(3, "milk", addedAt: "2026-11-18T11:00:00Z")
        + item(4, "mi\u{200D}lk", addedAt: "2026-11-18T11:00:00Z"))

    let database = try ShoppingDatabase(path: path)

    #expect(try names(database) == ["WEISSWURST (2)", "Weißwurst", "milk", "mi\u{200D}lk (2)"])
    // Told in the order the renamed items were added.
    #expect(
      database.migrationNotices == [
        .renamedItem(
          from: "mi\u{200D}lk", to: "mi\u{200D}lk (2)", list: "Groceries", sameAs: "milk"),
        .renamedItem(
          from: "WEISSWURST", to: "WEISSWURST (2)", list: "Groceries", sameAs: "Weißwurst"),
      ])
    #expect(
      database.migrationNotices[1].description
        == #"renamed "WEISSWURST" in Groceries to "WEISSWURST (2)": it now has the same name"#
        + #" as "Weißwurst""#)
    #expect(
      database.migrationNotices[0].description
        == #"renamed "mi\u{200D}lk" in Groceries to "mi\u{200D}lk (2)": it now has the same"#
        + #" name as "milk""#)
  }

  @Test func aNumberIsNeverGivenOntoANameThatIsTaken() throws {
    try databaseBeforeFolding(
      item(1, "MASSE", addedAt: "2026-11-18T11:00:00Z")
        + item(2, "masse (2)", addedAt: "2026-11-18T11:00:01Z")
        + item(3, "Maße", addedAt: "2026-11-18T11:00:02Z")
        + item(4, "ma\u{AD}sse", addedAt: "2026-11-18T11:00:03Z"))

    let database = try ShoppingDatabase(path: path)

    #expect(try names(database) == ["MASSE", "masse (2)", "Maße (3)", "ma\u{AD}sse (4)"])
    #expect(database.migrationNotices.count == 2)
  }

  @Test func listsThatNowShareANameAreToldApartAndTheirItemsNameTheNewName() throws {
    try databaseBeforeFolding(
      """
      UPDATE list SET name = 'ΟΔΟΣ', nameKey = 'οδοσ' WHERE id = '\(groceriesID)';
      INSERT INTO list (id, name, nameKey, createdAt)
        VALUES ('\(Self.otherListID)', 'οδος', 'οδος', '2026-11-18T11:06:41Z');
      """
        + item(1, "Fish", addedAt: "2026-11-18T11:00:00Z", list: Self.otherListID)
        + item(2, "ﬁsh", addedAt: "2026-11-18T11:00:01Z", list: Self.otherListID)
        + item(3, "ﬁsh", addedAt: "2026-11-18T11:00:01Z"))

    let database = try ShoppingDatabase(path: path)

    let lists = try database.everything().lists
    #expect(lists.map(\.name) == ["ΟΔΟΣ", "οδος (2)"])
    #expect(try names(database, list: Self.otherListID) == ["Fish", "ﬁsh (2)"])
    // Items of different lists never clash.
    #expect(try names(database) == ["ﬁsh"])
    #expect(
      database.migrationNotices == [
        .renamedList(from: "οδος", to: "οδος (2)", sameAs: "ΟΔΟΣ"),
        .renamedItem(from: "ﬁsh", to: "ﬁsh (2)", list: "οδος (2)", sameAs: "Fish"),
      ])
    #expect(
      database.migrationNotices[0].description
        == #"renamed list "οδος" to "οδος (2)": it now has the same name as list "ΟΔΟΣ""#)
  }

  @Test func everyKeyIsComputedAgainAndNamesStayUniqueUnderTheNewRule() throws {
    try databaseBeforeFolding(
      item(1, "Straße", addedAt: "2026-11-18T11:00:00Z")
        + item(2, "Milk", addedAt: "2026-11-18T11:00:00Z"))

    let database = try ShoppingDatabase(path: path)

    var keys: [String] = []
    try database.withConnection { connection in
      try connection.query("SELECT nameKey FROM product ORDER BY position") { row in
        keys.append(row.text(0))
      }
    }
    #expect(keys == ["strasse", "milk"])
    #expect(database.migrationNotices.isEmpty)
    #expect(throws: DatabaseError.self) {
      try database.raw(item(3, "STRASSE", addedAt: "2026-11-18T11:00:00Z"))
    }
  }

  @Test func aMigratedDatabaseHasTheSchemaOfANewOne() throws {
    try databaseBeforeFolding(item(1, "Milk", addedAt: "2026-11-18T11:00:00Z"))
    let fresh = folder.path("fresh.sqlite")

    let migrated = try withDatabase(at: path) { try schema(of: $0) }
    let new = try withDatabase(at: fresh) { try schema(of: $0) }

    #expect(migrated == new)
    #expect(migrated.contains { $0.contains("UNIQUE INDEX product_listId_nameKey") })
  }

  func schema(of database: ShoppingDatabase) throws -> Set<String> {
    var statements: Set<String> = []
    try database.withConnection { connection in
      try connection.query("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL") { row in
        statements.insert(row.text(0))
      }
    }
    return statements
  }

  @Test func theNextOpeningHasNothingToTell() throws {
    try databaseBeforeFolding(
      item(1, "Weißwurst", addedAt: "2026-11-18T11:00:00Z")
        + item(2, "WEISSWURST", addedAt: "2026-11-18T11:00:01Z"))
    #expect(try withDatabase(at: path) { $0.migrationNotices.count } == 1)

    let again = try withDatabase(at: path) { database in
      (database.migrationNotices, try names(database))
    }

    #expect(again.0.isEmpty)
    #expect(again.1 == ["Weißwurst", "WEISSWURST (2)"])
  }

  @Test func historyKeepsTheRenamedItemsUnderTheirNewNames() throws {
    // What `rename weisswurst WEISSWURST` and then `lists rename` recorded.
    var earlier = product(2, "weisswurst")
    earlier.isChecked = true
    var renaming = ChangeRecord()
    renaming.steps = [.executed(.updateProduct(product(2, "WEISSWURST")))]
    renaming.products[earlier.id] = StoredProduct(
      product: earlier, listID: groceriesID, position: 2)
    var listRenaming = ChangeRecord()
    listRenaming.steps = [.executed(.renameList(Self.otherListID, to: "οδος"))]
    listRenaming.lists[Self.otherListID] = StoredList(name: "ΟΔΟς", createdAt: now)
    var untouched = ChangeRecord()
    untouched.steps = [.executed(.updateProduct(product(1, "Weißwurst")))]
    untouched.products[productID(1)] = StoredProduct(
      product: product(1, "Weisswurst"), listID: groceriesID, position: 1)
    try databaseBeforeFolding(
      item(1, "Weißwurst", addedAt: "2026-11-18T11:00:00Z")
        + item(2, "WEISSWURST", addedAt: "2026-11-18T11:00:01Z")
        + """
        INSERT INTO list (id, name, nameKey, createdAt)
          VALUES ('\(Self.otherListID)', 'οδος', 'οδος', '2026-11-18T11:06:41Z');
        INSERT INTO list (id, name, nameKey, createdAt)
          VALUES ('\(UUID(counting: 2_000_002))', 'ΟΔΟΣ', 'οδοσ', '2026-11-18T11:06:40Z');
        INSERT INTO history (id, at, command, summary, kind, record) VALUES
          (1, '2026-11-18T11:00:02Z', 'rename', '', 'change',
            x'\(hex(ChangeRecordCodec.encode(renaming)))'),
          (2, '2026-11-18T11:00:03Z', 'lists rename', '', 'change',
            x'\(hex(ChangeRecordCodec.encode(listRenaming)))'),
          (3, '2026-11-18T11:00:04Z', 'edit', '', 'change',
            x'\(hex(ChangeRecordCodec.encode(untouched)))');
        """)

    let database = try ShoppingDatabase(path: path)

    let records = try database.read { repository in
      try (1...3).map { try repository.historyRecord($0) }
    }
    // The earlier spelling keeps its letters and takes the same number.
    #expect(records[0]?.products[productID(2)]?.product.name == "weisswurst (2)")
    #expect(records[0]?.products[productID(2)]?.product.isChecked == true)
    #expect(records[0]?.steps == [.executed(.updateProduct(product(2, "WEISSWURST (2)")))])
    #expect(records[1]?.lists[Self.otherListID]?.name == "ΟΔΟς (2)")
    #expect(records[1]?.steps == [.executed(.renameList(Self.otherListID, to: "οδος (2)"))])
    // The item that kept its name keeps its history as it was.
    #expect(records[2] == untouched)
  }

  func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  @Test func aNumberedNameStaysWithinTheLengthANameMayHave() {
    let long = String(repeating: "é", count: 198) + " x"
    let numbered = NameKeyFolding.numbered(long, 12)

    #expect(numbered.unicodeScalars.count == Naming.maximumLength)
    #expect(numbered == String(repeating: "é", count: 195) + " (12)")
    #expect(NameKeyFolding.numbered("Milk", 2) == "Milk (2)")
  }
}
