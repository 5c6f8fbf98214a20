import Foundation
import Testing

@testable import ShoppingSQLite

@Suite("Binding values")
struct BindingTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
  }

  /// The type and size in bytes SQLite sees for each value, bound together in one statement.
  func seen(_ values: [SQLValue]) throws -> [String] {
    let columns = values.indices.map {
      "typeof(?\($0 + 1)) || ':' || coalesce(length(CAST(?\($0 + 1) AS BLOB)), '')"
    }
    return try database.withConnection { connection in
      var seen: [String] = []
      try connection.query("SELECT " + columns.joined(separator: ", "), values) {
        row throws(DatabaseError) in
        seen = values.indices.map { row.text(Int32($0)) }
      }
      return seen
    }
  }

  @Test func textIsBoundWhole() throws {
    let values: [SQLValue] = [
      .text(""), .text("milk"), .text("a\u{0}b"), .text("Crème fraîche 🥛"), .null, .integer(42),
      .textBytes([0x61, 0x62]), .textBytes([]),
    ]

    #expect(
      try seen(values) == [
        "text:0", "text:4", "text:3", "text:20", "null:", "integer:2", "text:2", "text:0",
      ])
  }

  @Test func aStatementRunAgainWithFewerValuesSeesNothingOfTheLastRun() throws {
    // The first run's text lived in memory that is gone: the second must not read it.
    let sql = "SELECT typeof(?1) || ':' || ?1, typeof(?2) || ':' || coalesce(?2, '')"
    func run(_ values: [SQLValue]) throws -> [String] {
      try database.withConnection { connection in
        var seen: [String] = []
        try connection.query(sql, values) { row throws(DatabaseError) in
          seen = [row.text(0), row.text(1)]
        }
        return seen
      }
    }

    #expect(try run([.text("first"), .text(String(repeating: "x", count: 5_000))]).count == 2)
    #expect(try run([.text("second")]) == ["text:second", "null:"])
  }
}
