import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingSQLite
import Testing

@testable import shoplist_bench

@Suite("The sqlite3 floor for shoplist's schema")
struct SchemaFloorTests {
  static let sqlite3 = "/usr/bin/sqlite3"
  /// Locally without the shell the test is skipped; in CI it runs, and fails without it.
  static var hasSQLite3: Bool {
    TestTools.runs(needing: FileManager.default.isExecutableFile(atPath: sqlite3))
  }

  /// The floor's rows, imported by the shell into a database shoplist made, must be items
  /// shoplist reads back as the generated ones: if the schema moves on, this fails before the
  /// benchmark measures a floor for a table that is not shoplist's.
  @Test(.enabled(if: hasSQLite3, "needs the sqlite3 shell"))
  func itsRowsAreItemsShoplistReads() throws {
    let workspace = try Workspace.make()
    defer { workspace.removeAll() }
    let path = workspace.path("floor.sqlite")
    let database = try ShoppingDatabase(path: path)
    try database.write { repository in
      let store = repository.makeStore(
        initialState: try repository.loadState(loadingListsNamed: []),
        reducer: ShoppingReducer(environment: .live)
      )
      try store.send(.createList(named: ShoplistTool.listName))
    }
    let rows = workspace.path("rows.csv")
    try DataSet.writeShoplistRowsCSV(
      count: 12, listID: SQLiteShell.shoplistSchemaListID, to: rows)
    let shell = SQLiteShell(executable: Self.sqlite3, environment: workspace.environment)

    try shell.claimShoplistList(path, scratch: workspace.scratch)
    try ChildProcess.check(shell.importShoplistRows(path, rows), scratch: workspace.scratch)

    let state = try database.read {
      try $0.loadState(loadingListsNamed: [ShoplistTool.listName])
    }
    let items = try #require(state.lists.first).products
    let expected = (0..<12).map(DataSet.item)
    #expect(items.map(\.name) == expected.map(\.name))
    #expect(items.map(\.quantity) == expected.map { Quantity(integerLiteral: Int64($0.quantity)) })
    #expect(items.map(\.category) == expected.map(\.category))
    #expect(items.allSatisfy { !$0.isChecked })
  }
}
