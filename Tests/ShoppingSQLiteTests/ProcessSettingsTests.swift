import CSQLite
import Testing

@testable import ShoppingSQLite

@Suite("SQLite's settings for the whole process")
struct ProcessSettingsTests {
  /// Counting costs a mutex around every allocation and nothing reads the count: the first
  /// connection turns it off before SQLite starts.
  @Test func sqliteKeepsNoCountOfTheMemoryItHolds() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("counted.sqlite"), create: true)
    try connection.executeScript(
      "CREATE TABLE blob (value BLOB); INSERT INTO blob VALUES (randomblob(100000));")
    #expect(try connection.integer("SELECT length(value) FROM blob") == 100_000)
    #expect(sqlite3_memory_used() == 0)
    #expect(sqlite3_memory_highwater(0) == 0)
  }
}
