import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingPostgres
import ShoppingSQLite
import ShoppingStorage
import Synchronization
import Testing

/// Every storage implementation the conformance suite runs against: each test takes one as
/// its argument, so a behaviour cannot differ by engine. PostgreSQL runs in a throwaway cluster
/// this test run starts (``ShoplistTestSupport/PostgresCluster``), a database per test; where
/// PostgreSQL is not installed it is left out, except in CI, where it must run.
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case memory
  case sqlite
  case postgres

  /// The kinds this machine runs.
  static var all: [StorageKind] {
    TestTools.runs(needing: PostgresCluster.installedBin != nil) ? allCases : [.memory, .sqlite]
  }

  var testDescription: String { rawValue }

  /// Fresh, empty storage, with a second handle on the same data (another connection, for
  /// SQLite) whose writes wait at most `busyTimeout` for the first's.
  func make(busyTimeout: Duration = .seconds(5)) throws -> Subject {
    switch self {
    case .memory:
      let storage = InMemoryStorage(busyTimeout: busyTimeout)
      return Subject(storage: storage, other: storage, folder: nil)
    case .sqlite:
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shoplist-conformance-\(UUID().uuidString)")
      let path = folder.appendingPathComponent("shoplist.sqlite").path
      return Subject(
        storage: try ShoppingDatabase(path: path, busyTimeout: busyTimeout),
        other: try ShoppingDatabase(path: path, busyTimeout: busyTimeout), folder: folder)
    case .postgres:
      guard let cluster = PostgresCluster.shared else {
        throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
      }
      let url = try PostgresURL(try cluster.makeDatabase())
      return Subject(
        storage: try PostgresStorage(url: url, busyTimeout: busyTimeout),
        other: try PostgresStorage(url: url, busyTimeout: busyTimeout), folder: nil)
    }
  }
}

/// The storage under test.
final class Subject: Sendable {
  let storage: any ShoppingStorage
  /// Another handle on the same data.
  let other: any ShoppingStorage
  private let folder: URL?

  init(storage: any ShoppingStorage, other: any ShoppingStorage, folder: URL?) {
    self.storage = storage
    self.other = other
    self.folder = folder
  }

  deinit {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// Executes `effects` in one write transaction.
  func execute(_ effects: [PersistenceEffect]) throws {
    try storage.write { try $0.execute(effects) }
  }

  /// Every list, loaded.
  var lists: [ShoppingList] {
    get throws {
      try storage.read { transaction in
        let state = try transaction.loadState(loadingLists: [])
        return try state.lists.map { try transaction.loadList($0) }
      }
    }
  }

  /// The names of the items of the list `id`, in order.
  func names(_ id: ShoppingList.ID) throws -> [String] {
    try storage.read { try $0.productNames(inList: id) }
  }
}

/// A fixed moment, on a whole second like every stored timestamp.
let now = Date(timeIntervalSince1970: 1_795_000_000)
let weekID = UUID(counting: 900_001)
let partyID = UUID(counting: 900_002)
let lidlID = UUID(counting: 900_101)
let aldiID = UUID(counting: 900_102)

func item(_ number: UInt64, _ name: String, checked: Bool = false) -> Product {
  Product(
    id: UUID(counting: 800_000 + number), name: name, isChecked: checked, quantity: .one,
    addedAt: now, updatedAt: now)
}

/// The list "Week" with Milk, Bread and Eggs.
let week: [PersistenceEffect] = [
  .insertList(id: weekID, name: "Week", createdAt: now),
  .insertProduct(item(1, "Milk"), listID: weekID),
  .insertProduct(item(2, "Bread"), listID: weekID),
  .insertProduct(item(3, "Eggs"), listID: weekID),
]

/// Runs `body` and returns the ``DatabaseError`` it throws.
func databaseError(_ body: () throws -> Void) -> DatabaseError? {
  do {
    try body()
    return nil
  } catch {
    return error as? DatabaseError
  }
}

/// Undoes the history entry `id` within `transaction` as `undo` does: its record's inverse, an
/// undo entry, and the mark on the entry undone.
func undo(_ id: Int, in transaction: some StorageTransaction) throws {
  let record = try #require(try transaction.historyRecord(id))
  try transaction.execute(record.inverse())
  let undo = try #require(
    try transaction.journal(command: "undo", kind: .undo, target: id, at: now))
  var links = try transaction.historyLinks()
  links.append(undo)
  try transaction.storeUndoneMarks(links)
}

/// Runs `body` while a thread of its own holds a write transaction of `storage` open, then lets
/// the transaction end.
func whileAWriteIsHeld<T>(on storage: any ShoppingStorage, _ body: () throws -> T) rethrows -> T {
  let holding = Mutex(false)
  let release = Mutex(false)
  let holder = Thread {
    try? storage.write { _ in
      holding.withLock { $0 = true }
      while !release.withLock({ $0 }) { usleep(1_000) }
    }
  }
  holder.start()
  while !holding.withLock({ $0 }) { usleep(1_000) }
  defer { release.withLock { $0 = true } }
  return try body()
}

// MARK: - Storage another process opens

extension StorageKind {
  /// Where fresh, empty storage of this kind is, for another process (an exit test) to open
  /// with ``open(_:)``: a file path, a PostgreSQL URL, or `memory`.
  func makeLocation() throws -> String {
    switch self {
    case .memory:
      return "memory"
    case .sqlite:
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shoplist-conformance-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return folder.appendingPathComponent("shoplist.sqlite").path
    case .postgres:
      guard let cluster = PostgresCluster.shared else {
        throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
      }
      return try cluster.makeDatabase()
    }
  }

  /// The storage at `location`, made by ``makeLocation()``.
  static func open(_ location: String) throws -> any ShoppingStorage {
    if location == "memory" { return InMemoryStorage() }
    if location.hasPrefix("postgres") { return try PostgresStorage(url: try PostgresURL(location)) }
    return try ShoppingDatabase(path: location)
  }
}
