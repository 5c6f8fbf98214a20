import Foundation
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Binding values")
struct BindingTests {
  /// Runs `body` on the connection of a new database.
  func onNewConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    return try ShoppingDatabase(path: folder.path("shopping.sqlite")).withConnection(body)
  }

  @Test func textIsBoundWhole() throws {
    let values: [SQLValue] = [
      .text(""), .text("milk"), .text("a\u{0}b"), .text("Crème fraîche 🥛"), .null, .integer(42),
      .textBytes([0x61, 0x62]), .textBytes([]),
    ]
    // The type and size in bytes SQLite sees for each value, bound together in one statement.
    let columns = values.indices.map {
      "typeof(?\($0 + 1)) || ':' || coalesce(length(CAST(?\($0 + 1) AS BLOB)), '')"
    }

    let seen = try onNewConnection { connection in
      var seen: [String] = []
      try connection.query("SELECT " + columns.joined(separator: ", "), values) {
        row throws(DatabaseError) in
        seen = values.indices.map { row.text(Int32($0)) }
      }
      return seen
    }

    #expect(
      seen == ["text:0", "text:4", "text:3", "text:20", "null:", "integer:2", "text:2", "text:0"]
    )
  }

  @Test func aStatementRunAgainWithFewerValuesSeesNothingOfTheLastRun() throws {
    // The first run's text lived in memory that is gone: the second must not read it.
    let sql = "SELECT typeof(?1) || ':' || ?1, typeof(?2) || ':' || coalesce(?2, '')"

    let (first, second) = try onNewConnection { connection in
      func run(_ values: [SQLValue]) throws -> [String] {
        var seen: [String] = []
        try connection.query(sql, values) { row throws(DatabaseError) in
          seen = [row.text(0), row.text(1)]
        }
        return seen
      }
      return (
        try run([.text("first"), .text(String(repeating: "x", count: 5_000))]),
        try run([.text("second")])
      )
    }

    #expect(first.first == "text:first")
    #expect(second == ["text:second", "null:"])
  }
}
