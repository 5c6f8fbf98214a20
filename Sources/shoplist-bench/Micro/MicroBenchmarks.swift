import Composable
import Foundation
import IdentifiedCollections
import ShoppingCore
import ShoppingSQLite
import ShoppingStorage

/// In-process benchmarks of the core and the repository: what one action costs without
/// process start-up, on a list of ``MicroScale/listSize`` products.
struct MicroBenchmarks {
  let scale: MicroScale
  /// A folder for the temporary database files.
  let folder: String
  let progress: (String) -> Void

  func run() throws -> [MicroResult] {
    progress("micro · \(grouped(scale.listSize))-product list · \(scale.samples) samples each")
    return [
      try reducerToggle(),
      try storeToggle(recovery: .snapshot, named: "Store.send toggle, in memory, .snapshot"),
      try storeToggle(recovery: nil, named: "Store.send toggle, in memory, .reload"),
      try databaseToggle(),
      try reducerImport(),
      try databaseImport(),
    ]
  }

  // MARK: - Single actions on a long list

  /// `ShoppingReducer` alone: toggling one product of the list, in place.
  private func reducerToggle() throws -> MicroResult {
    var state = Self.state(products: scale.listSize)
    let action = try Self.toggleAction(in: state)
    let reducer = ShoppingReducer(environment: .live)
    var effects = 0
    let samples = try Self.sample(count: scale.samples) {
      effects += try reducer.reduce(into: &state, action: action).count
    }
    try Self.expect(effects > 0, "the toggles returned no effects")
    return MicroResult(
      benchmark: "ShoppingReducer toggle", items: scale.listSize, unit: "action",
      perOperation: samples)
  }

  /// `Store.send` with an executor that discards the effects: the runtime's own cost, and
  /// whether it copies the state on every send.
  private func storeToggle(
    recovery: Store<ShoppingState, ShoppingAction, PersistenceEffect>.Recovery?, named name: String
  ) throws -> MicroResult {
    let state = Self.state(products: scale.listSize)
    let action = try Self.toggleAction(in: state)
    let store = Store(
      initialState: state, reducer: ShoppingReducer(environment: .live),
      recovery: recovery ?? .reload(unavailable: ShoppingState()) { ShoppingState() })
    let samples = try Self.sample(count: scale.samples) { try store.send(action) }
    return MicroResult(benchmark: name, items: scale.listSize, unit: "send", perOperation: samples)
  }

  /// `Store.send` through the SQLite repository, all inside one write transaction.
  private func databaseToggle() throws -> MicroResult {
    let path = folder + "/micro-toggle.sqlite"
    defer { Self.removeDatabase(path) }
    try ShoplistTool.seed(path, rows: (0..<scale.listSize).map(ShoplistTool.importRow))
    let database = try ShoppingDatabase(path: path)
    let samples = try database.write { repository in
      let store = repository.makeStore(
        initialState: try repository.loadState(loadingListsNamed: [ShoplistTool.listName]),
        reducer: ShoppingReducer(environment: .live)
      )
      let action = try Self.toggleAction(in: store.state)
      return try Self.sample(count: scale.samples) { try store.send(action) }
    }
    return MicroResult(
      benchmark: "Store.send toggle, SQLite executor, one transaction", items: scale.listSize,
      unit: "send", perOperation: samples)
  }

  // MARK: - Import batches

  /// `.importRows` batches through `ShoppingReducer` alone, into an empty state.
  private func reducerImport() throws -> MicroResult {
    let batches = Self.batches(rows: scale.importRows)
    let reducer = ShoppingReducer(environment: .live)
    var seconds: [Double] = []
    for _ in 0..<max(3, scale.samples / 3) {
      var state = ShoppingState()
      seconds.append(
        try Self.time {
          _ = try reducer.reduce(
            into: &state, action: .startImport(ImportOptions(targetList: ShoplistTool.listName)))
          for batch in batches {
            _ = try reducer.reduce(into: &state, action: .importRows(batch))
          }
          _ = try reducer.reduce(into: &state, action: .finishImport)
        } / Double(scale.importRows))
    }
    return MicroResult(
      benchmark: "importRows, \(ShoplistTool.batchSize)-row batches, ShoppingReducer",
      items: scale.importRows, unit: "row", perOperation: try Self.summary(seconds))
  }

  /// `.importRows` batches through a store with the SQLite executor, in one transaction on a
  /// new database file, commit included.
  private func databaseImport() throws -> MicroResult {
    let rows = (0..<scale.importRows).map(ShoplistTool.importRow)
    var seconds: [Double] = []
    for sample in 0..<max(3, scale.samples / 3) {
      let path = folder + "/micro-import-\(sample).sqlite"
      defer { Self.removeDatabase(path) }
      _ = try ShoppingDatabase(path: path)
      seconds.append(try Self.time { try ShoplistTool.seed(path, rows: rows) } / Double(rows.count))
    }
    return MicroResult(
      benchmark: "importRows, \(ShoplistTool.batchSize)-row batches, SQLite executor",
      items: scale.importRows, unit: "row", perOperation: try Self.summary(seconds))
  }

  // MARK: - Helpers

  static func state(products count: Int) -> ShoppingState {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let products = (0..<count).map { index in
      let item = DataSet.item(index)
      return Product(
        id: UUID(), name: item.name, quantity: Quantity(integerLiteral: Int64(item.quantity)),
        unit: item.unit.isEmpty ? nil : item.unit, category: item.category,
        note: item.note.isEmpty ? nil : item.note, addedAt: now)
    }
    let list = ShoppingList(
      id: UUID(), name: ShoplistTool.listName, createdAt: now,
      products: IdentifiedArray(uniqueElements: products))
    return ShoppingState(lists: [list])
  }

  /// Toggling the product in the middle of the default list.
  static func toggleAction(in state: ShoppingState) throws -> ShoppingAction {
    guard let list = state.list(named: ShoplistTool.listName), !list.products.isEmpty else {
      throw BenchError("the micro-benchmark list is missing or empty")
    }
    let product = list.products[list.products.count / 2]
    return .list(list.id, .product(product.id, .toggled))
  }

  static func batches(rows: Int) -> [[ImportRow]] {
    stride(from: 0, to: rows, by: ShoplistTool.batchSize).map { start in
      (start..<min(start + ShoplistTool.batchSize, rows)).map(ShoplistTool.importRow)
    }
  }

  /// Runs `body` in timed samples of a calibrated number of calls (about 20 ms each) and
  /// summarises the time per call.
  static func sample(count: Int, _ body: () throws -> Void) throws -> Summary {
    let once = try time(body)
    let calls = max(1, min(100_000, Int(0.02 / max(once, 1e-9))))
    var seconds: [Double] = []
    for _ in 0..<count {
      seconds.append(
        try time {
          for _ in 0..<calls { try body() }
        } / Double(calls))
    }
    return try summary(seconds)
  }

  static func time(_ body: () throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return start.duration(to: clock.now).seconds
  }

  static func summary(_ seconds: [Double]) throws -> Summary {
    guard let summary = Summary(seconds) else { throw BenchError("no samples were taken") }
    return summary
  }

  static func expect(_ condition: Bool, _ message: String) throws {
    if !condition { throw BenchError(message) }
  }

  static func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}
