import Foundation
import ShoppingCore
import Synchronization

/// Storage held in memory, gone with the process: for tests of the use cases (they run
/// without a file, and faster) and for programs that want shoplist's rules without keeping
/// anything.
///
/// It keeps every rule the SQLite storage keeps — unique names, all-or-nothing batches and
/// transactions, history recorded with each write — as the conformance suite
/// (`Tests/ShoppingStorageTests`) checks of every implementation.
///
/// ```swift
/// let service = ShoppingService(storage: InMemoryStorage())
/// try service.perform(.add(names: ["Milk"], changes: .none), onList: nil)
/// ```
///
/// ## Concurrency
/// Writers run one after the other; a reader works on a snapshot and never waits for them.
public final class InMemoryStorage: ShoppingStorage, Sendable {
  /// A name for messages: `memory`.
  public let location: String
  public var isReadOnly: Bool { false }
  public var migrationNotices: [MigrationNotice] { [] }

  private let tables = Mutex(InMemoryTables())
  /// Held for the whole of a write transaction.
  private let writer = NSLock()
  /// The thread inside a write transaction, to refuse a nested one rather than deadlock.
  private let writingThread = Mutex<ObjectIdentifier?>(nil)

  /// How long a write waits for another to end before failing with
  /// ``DatabaseError/Reason/busy``.
  public let busyTimeout: Duration

  /// Empty storage.
  ///
  /// - Parameters:
  ///   - location: What messages call it.
  ///   - busyTimeout: How long a write waits for another.
  public init(location: String = "memory", busyTimeout: Duration = BusyWait.standard) {
    self.location = location
    self.busyTimeout = busyTimeout
  }

  public func write<T>(_ body: (InMemoryTransaction) throws -> T) throws -> T {
    BlockingCalls.check("an in-memory write")
    let thread = ObjectIdentifier(Thread.current)
    if writingThread.withLock({ $0 == thread }) {
      throw DatabaseError(
        reason: .misuse, path: location,
        message: "a transaction is already open on this thread; use its transaction")
    }
    let seconds = Double(busyTimeout.components.seconds)
      + Double(busyTimeout.components.attoseconds) / 1e18
    guard writer.lock(before: Date(timeIntervalSinceNow: seconds)) else {
      throw DatabaseError(
        reason: .busy, path: location, message: "another write kept the storage past the wait")
    }
    writingThread.withLock { $0 = thread }
    defer {
      writingThread.withLock { $0 = nil }
      writer.unlock()
    }
    let transaction = InMemoryTransaction(
      tables: tables.withLock { $0 }, isWritable: true, location: location)
    defer { transaction.close() }
    let result = try body(transaction)
    try transaction.journal(command: StorageJournal.defaultCommand, at: Date())
    var committed = transaction.tables
    committed.version += 1
    tables.withLock { $0 = committed }
    return result
  }

  public func read<T>(_ body: (InMemoryTransaction) throws -> T) throws -> T {
    BlockingCalls.check("an in-memory read")
    let transaction = InMemoryTransaction(
      tables: tables.withLock { $0 }, isWritable: false, location: location)
    defer { transaction.close() }
    return try body(transaction)
  }

  /// The number of writes committed so far.
  public func changeStamp() -> Int? {
    tables.withLock { $0.version }
  }

  public func integrityProblems() throws(DatabaseError) -> [String] {
    let tables = tables.withLock { $0 }
    var problems: [String] = []
    var listKeys: Set<NameKey> = []
    for list in tables.orderedLists where !listKeys.insert(Naming.key(list.name)).inserted {
      problems.append("two lists are named \"\(list.name)\"")
    }
    var itemKeys: Set<String> = []
    for row in tables.products.values {
      if tables.lists[row.listID] == nil {
        problems.append("item \(row.product.id.uuidString) belongs to no list")
      }
      let key = row.listID.uuidString + "/" + Naming.key(row.product.name).value
      if !itemKeys.insert(key).inserted {
        problems.append("two items of one list are named \"\(row.product.name)\"")
      }
    }
    return problems
  }
}
