import CPageChecksums
import CSQLite
import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite(
  "A checksum in every page",
  // Always in CI, where `.ci/run` installs the sqlite3 shell: never skipped there.
  .enabled(
    if: TestTools.runs(needing: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"))))
struct PageChecksumTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("shopping.sqlite")
  }

  /// A database of 300 items over several pages, closed so that the file holds it all.
  func seeded() throws { try seedSeveralPages(at: path) }

  func fileBytes() -> Data? { bytes(of: path) }

  /// The numbers of the file's pages that do not match their checksums.
  func mismatchedPages() throws -> [Int] {
    let data = try #require(fileBytes())
    let pageSize = Int(data[16]) << 8 | Int(data[17])
    return data.withUnsafeBytes { buffer in
      let base = buffer.bindMemory(to: UInt8.self).baseAddress!
      return (0..<data.count / pageSize).compactMap { index in
        shoplist_page_checksum_matches(
          base + index * pageSize, Int32(pageSize), Int64(index + 1)) == 0 ? index + 1 : nil
      }
    }
  }

  /// Runs `sql` on the file as another program does: SQLite's default VFS, which keeps no
  /// checksums; closed again, so what it wrote is in the file itself.
  func writeAsAnotherProgram(_ sql: String) throws {
    var handle: OpaquePointer?
    #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    #expect(code == SQLITE_OK, "\(String(cString: sqlite3_errmsg(handle)))")
    #expect(sqlite3_close(handle) == SQLITE_OK)
  }

  /// Makes the database again from its SQL text (`sqlite3 .dump`) with SQLite's defaults: no
  /// bytes reserved at the end of each page; header fields and journal mode as they were.
  func remakeWithoutReservedBytes() throws {
    let dump = try sqlite3Shell([path, ".dump"])
    let header = try sqlite3Shell([path, "PRAGMA application_id; PRAGMA user_version"])
      .split(separator: "\n")
    try FileManager.default.removeItem(atPath: path)
    var handle: OpaquePointer?
    #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == 0)
    let sql =
      dump + "PRAGMA application_id = \(header[0]); PRAGMA user_version = \(header[1]);"
      + "PRAGMA journal_mode = WAL;"
    #expect(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    #expect(sqlite3_close(handle) == SQLITE_OK)
  }

  /// What the `sqlite3` shell prints for `arguments`.
  func sqlite3Shell(_ arguments: [String]) throws -> String {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }

  @Test func aNewDatabaseKeepsAChecksumInEveryPage() throws {
    try seeded()

    let data = try #require(fileBytes())
    #expect(data[20] == 8, "reserved bytes per page")
    #expect(data.count / (Int(data[16]) << 8 | Int(data[17])) > 10)
    #expect(try mismatchedPages() == [])
  }

  @Test func aDatabaseWithoutRoomForChecksumsIsGivenItWhenOpenedAndKeepsItsContents() throws {
    try seeded()
    let before = try withDatabase(at: path) { try $0.everything() }
    // As the previous shoplist left its files: no bytes reserved at the end of each page
    // (SQLite never takes reserved bytes away, so the file is made again from its SQL).
    try remakeWithoutReservedBytes()
    #expect(fileBytes()?[20] == 0)

    let after = try withDatabase(at: path) { try $0.everything() }

    #expect(after == before)
    #expect(fileBytes()?[20] == 8)
    #expect(try mismatchedPages() == [])
    #expect(try ShoppingDatabase.integrityProblems(ofFileAt: path) == [])
  }

  @Test func pagesAnotherProgramWroteAreReadWhenTheFileIsSoundWithoutChangingIt() throws {
    try seeded()
    try writeAsAnotherProgram(
      "UPDATE product SET note = 'from the sqlite3 shell' WHERE rowid % 3 = 0")
    let written = try mismatchedPages()
    #expect(written.count > 2)
    let original = fileBytes()

    let state = try withDatabase(at: path) { try $0.everything() }

    let notes = state.lists.first?.products.filter { $0.note == "from the sqlite3 shell" }
    #expect(notes?.count == 100)
    #expect(fileBytes() == original, "a read wrote to the file")
  }

  @Test func aWriteThatReadsThosePagesRenewsTheirChecksums() throws {
    try seeded()
    try writeAsAnotherProgram(
      "UPDATE product SET note = 'from the sqlite3 shell' WHERE rowid % 3 = 0")
    #expect(try mismatchedPages().count > 2)

    try withDatabase(at: path) { database in
      try database.write { repository in
        _ = try repository.loadState { _, _ in true }
        try repository.execute([.insertProduct(product(999, "One more"), listID: groceriesID)])
      }
    }

    #expect(try mismatchedPages() == [])
    #expect(try ShoppingDatabase.integrityProblems(ofFileAt: path) == [])
  }

  @Test func aConnectionForReadingOnlyReadsSuchPagesWithoutWritingToTheFile() throws {
    try seeded()
    try writeAsAnotherProgram("UPDATE product SET note = 'outside' WHERE rowid % 3 = 0")
    let original = fileBytes()

    let connection = try Connection(path: path, mode: .readOnly(immutable: true))
    let count = try connection.integer("SELECT count(*) FROM product WHERE note = 'outside'")

    #expect(count == 100)
    #expect(fileBytes() == original)
  }

  @Test func aDamagedPageStopsTheWorkThatNeedsItNamingThePageAndNothingIsWritten() throws {
    try seeded()
    let page = try withDatabase(at: path) { database in
      try #require(
        try database.rawInteger(
          "SELECT pageno FROM dbstat WHERE name = 'product' AND pagetype = 'leaf' LIMIT 1 OFFSET 2"
        ))
    }
    let pageSize = try #require(
      try withDatabase(at: path) { try $0.rawInteger("PRAGMA page_size") })
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // The page's cell pointers: the structure no longer holds.
    try handle.seek(toOffset: UInt64((page - 1) * pageSize + 8))
    try handle.write(contentsOf: Data(repeating: 0xEE, count: 24))
    try handle.close()
    let original = fileBytes()
    let database = try ShoppingDatabase(path: path)

    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in
        try repository.execute([
          .insertProduct(product(999, "One more"), listID: groceriesID)
        ])
        _ = try repository.loadState { _, _ in true }
      }
    }

    #expect(error?.reason == .damaged)
    #expect(error?.message.contains("page \(page) does not hold what was written to it") == true)
    #expect(error?.message.contains("integrity check finds") == true)
    #expect(error?.exitStatus == 74)
    withExtendedLifetime(database) {}
    #expect(fileBytes() == original)
  }

  @Test func theCheckReportsEveryProblemOfADamagedFileNotTheFirstPageOnly() throws {
    try seeded()
    let pages = try withDatabase(at: path) { database in
      try (0..<3).map { offset in
        try #require(
          try database.rawInteger(
            "SELECT pageno FROM dbstat WHERE name = 'product' AND pagetype = 'leaf' "
              + "LIMIT 1 OFFSET \(offset * 2)"))
      }
    }
    let pageSize = try #require(
      try withDatabase(at: path) { try $0.rawInteger("PRAGMA page_size") })
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    for page in pages {
      try handle.seek(toOffset: UInt64((page - 1) * pageSize + 8))
      try handle.write(contentsOf: Data(repeating: 0xEE, count: 24))
    }
    try handle.close()

    let problems = try ShoppingDatabase.integrityProblems(ofFileAt: path)

    for page in pages {
      #expect(problems.contains { $0.contains("page \(page)") }, "\(problems)")
    }
  }
}
