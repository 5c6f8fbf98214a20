import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Checking a database for damage")
struct IntegrityTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("shopping.sqlite")
  }

  /// A database with enough items to fill several pages, closed so that the file holds it all.
  func seeded() throws { try seedSeveralPages(at: path) }

  /// Overwrites the cell pointers of the page holding the first items: the page that the
  /// products table's rows start on.
  func damageADataPage() throws {
    let (pageSize, page) = try withDatabase(at: path) { database in
      (
        try #require(try database.rawInteger("PRAGMA page_size")),
        try #require(
          try database.rawInteger(
            """
            SELECT pageno FROM dbstat WHERE name = 'product' AND pagetype = 'leaf'
            ORDER BY pageno LIMIT 1
            """))
      )
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // Past the page's 8-byte header: its cell pointer array.
    try handle.seek(toOffset: UInt64((page - 1) * pageSize + 8))
    try handle.write(contentsOf: Data(repeating: 0xEE, count: 24))
    try handle.close()
  }

  @Test func aHealthyDatabaseHasNoProblems() throws {
    try seeded()

    #expect(try ShoppingDatabase.integrityProblems(ofFileAt: path) == [])
    #expect(try withDatabase(at: path) { try $0.integrityProblems() } == [])
  }

  @Test func aDamagedPageIsReportedAndTheFileIsLeftAsItWas() throws {
    try seeded()
    try damageADataPage()
    let original = bytes(of: path)

    let problems = try ShoppingDatabase.integrityProblems(ofFileAt: path)

    #expect(!problems.isEmpty)
    // One problem a line, without SQLite's heading.
    #expect(problems.allSatisfy { !$0.contains("\n") && !$0.hasPrefix("***") })
    #expect(problems.contains { $0.hasPrefix("On tree page") })
    #expect(bytes(of: path) == original)
    #expect(folder.contents() == ["shopping.sqlite"])
  }

  @Test func aMissingFileIsNotCreated() throws {
    let missing = folder.path("missing/shopping.sqlite")

    let error = #expect(throws: DatabaseError.self) {
      try ShoppingDatabase.integrityProblems(ofFileAt: missing)
    }

    #expect(error?.reason == .cannotOpen)
    #expect(folder.contents() == [])
  }

  @Test func anOlderDatabaseIsCheckedWithoutBeingMigrated() throws {
    try DatabaseFile.prepare(path)
    do {
      let connection = try Connection(path: path)
      try Migrator().migrate(connection, upTo: 2)
    }
    let original = bytes(of: path)

    #expect(try ShoppingDatabase.integrityProblems(ofFileAt: path) == [])
    #expect(bytes(of: path) == original)
  }

  @Test func anotherProgramsDatabaseIsRefused() throws {
    try DatabaseFile.prepare(path)
    do {
      let connection = try Connection(path: path)
      try connection.executeScript("PRAGMA application_id = 42; CREATE TABLE notes (text);")
    }

    let error = #expect(throws: DatabaseError.self) {
      try ShoppingDatabase.integrityProblems(ofFileAt: path)
    }

    #expect(error?.reason == .notShoplist)
  }

  @Test func everyConnectionChecksCellSizes() throws {
    let database = try ShoppingDatabase(path: path)

    #expect(try database.rawInteger("PRAGMA cell_size_check") == 1)
    #expect(try ShoppingDatabase.inMemory().rawInteger("PRAGMA cell_size_check") == 1)
  }
}
