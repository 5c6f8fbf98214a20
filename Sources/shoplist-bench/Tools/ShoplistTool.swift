import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite
import ShoppingStorage

/// The shoplist binary under test, and the stores it works on.
struct ShoplistTool {
  let executable: String
  let environment: [String: String]

  static let listName = "shopping"

  /// A command on `database`, as a user types it (`--no-color` for plain output).
  func command(_ database: String, _ arguments: [String]) -> Invocation {
    Invocation(
      executable: executable, arguments: ["--db", database, "--no-color"] + arguments,
      environment: environment)
  }

  /// Creates an empty database with the default list, through the binary itself.
  func createEmpty(_ database: String, scratch: String) throws {
    try ChildProcess.check(command(database, ["list", "--json"]), scratch: scratch)
  }

  /// Creates a database holding generated items `0..<count` in the default list.
  ///
  /// The items go in through the core's import actions and the SQLite repository, the code the
  /// binary runs, so the store does not depend on a working `shoplist import`.
  func create(_ database: String, items count: Int) throws {
    try Self.seed(database, rows: (0..<count).map(Self.importRow))
  }

  /// The number of items in the default list, read through `lists --json`.
  func itemCount(_ database: String, scratch: String) throws -> Int {
    let text = try ChildProcess.output(
      of: command(database, ["lists", "--json"]), scratch: scratch)
    guard
      let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let lists = document["lists"] as? [[String: Any]]
    else {
      throw BenchError("shoplist lists --json printed no lists document")
    }
    return lists.reduce(0) { $0 + ($1["items"] as? Int ?? 0) }
  }

  // MARK: - Through the libraries

  /// Imports `rows` into the default list of the database at `path`, in one transaction, in
  /// batches of ``batchSize`` rows.
  static func seed(_ path: String, rows: [ImportRow]) throws {
    let database = try ShoppingDatabase(path: path)
    try database.write { repository in
      let store = repository.makeStore(
        initialState: try repository.loadState(loadingListsNamed: [listName]),
        reducer: ShoppingReducer(environment: .live)
      )
      try store.send(.startImport(ImportOptions(targetList: listName)))
      for start in stride(from: 0, to: rows.count, by: batchSize) {
        try store.send(.importRows(Array(rows[start..<min(start + batchSize, rows.count)])))
      }
      try store.send(.finishImport)
    }
  }

  /// Rows per `.importRows` action.
  static let batchSize = 1_000

  /// Generated item `index` as a parsed import row (the CSV line it would be read from).
  static func importRow(_ index: Int) -> ImportRow {
    let item = DataSet.item(index)
    return ImportRow(
      line: index + 2,
      name: item.name,
      changes: ProductChanges(
        validQuantity: Quantity(integerLiteral: Int64(item.quantity)),
        unit: item.unit.isEmpty ? nil : .some(item.unit),
        category: .some(item.category),
        note: item.note.isEmpty ? nil : .some(item.note),
        isChecked: false
      )
    )
  }
}
