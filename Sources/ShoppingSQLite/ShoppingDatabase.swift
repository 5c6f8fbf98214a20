import CSQLite
import Foundation
import ShoppingCore
import ShoppingStorage
import Synchronization

/// A shoplist database file, the SQLite implementation of `ShoppingStorage/ShoppingStorage`:
/// opened (or created) and migrated once, then used through transactions that hand out a
/// ``ShoppingRepository``.
///
/// ```swift
/// let database = try ShoppingDatabase(path: "/tmp/shopping.sqlite", busyTimeout: .seconds(5))
/// let summaries = try database.read { try $0.listSummaries() }
/// try database.write { repository in
///   let state = try repository.loadState(loadingListsNamed: ["shopping"])
///   let store = repository.makeStore(initialState: state, reducer: reducer)
///   try store.send(.createList(named: "Weekend"))
/// }
/// ```
///
/// ## Concurrency
/// `ShoppingDatabase` is `Sendable`. It owns one SQLite connection, which only one transaction
/// at a time may use: `write(_:)` and ``read(_:)`` called from several threads run one after
/// the other, except that writers arriving while another writes share its commit (each in a
/// savepoint of its own, returning once the commit is made; see `write(_:)`). The repository
/// a transaction hands out is confined to that transaction and its thread; see
/// ``ShoppingRepository``. Other processes, and other `ShoppingDatabase` values on
/// the same file, are coordinated by SQLite's locks: a writer waits up to the busy timeout.
public final class ShoppingDatabase: ShoppingStorage, @unchecked Sendable {
  /// The database file.
  public let path: String

  /// The database file, as opened.
  public var location: String { path }
  /// Only used by the transaction `gate` lets in, on the thread recorded in `owner`.
  let connection: Connection
  /// Who uses `connection` now, and the write transaction writers share (see ``write(_:)``).
  let gate = ConnectionGate()
  /// Holds the connection for writers that wait as tasks, without a thread of their own:
  /// started by the first of them.
  let holdingThread = HoldingThread()
  /// The thread running a transaction (0: none), so that a nested call fails instead of
  /// deadlocking.
  let owner = Atomic<UInt>(0)
  /// The file this connection opened, to notice when the path comes to name another one;
  /// `nil` for a database in memory.
  let fileIdentity: DatabaseFile.Identity?
  /// What ``changeStamp()`` asks: a second connection, opened on first use.
  let stampConnection = Mutex(StampConnection.unopened)
  /// The list the last write left whole, while nothing has changed since.
  let loadedLists = LoadedListCache()

  /// The page cache's limit, in KiB.
  static let cacheKibibytes = 96 * 1024

  /// The schema version this build of shoplist creates and understands.
  public static var schemaVersion: Int {
    Migrator().latestVersion
  }

  /// Whether this connection opened the file for reading only (see `Access/read`):
  /// `write(_:)` then fails with `DatabaseError/Reason/readOnly`.
  public let isReadOnly: Bool

  /// What migrating the file on opening changed that the user should hear of (items renamed
  /// because their names came to compare equal), to be told once: empty when the file was up
  /// to date, or another program migrated it.
  public let migrationNotices: [MigrationNotice]

  /// What the caller means to do with the database.
  public typealias Access = StorageAccess

  /// Opens the database at `path`, creating it (and its folders) when missing, and migrates it
  /// to the current schema.
  ///
  /// Nothing is written to an existing file until it is known to be a shoplist database (or an
  /// empty file) that this process may write: a file that is not a database, another
  /// program's database, a database from a newer shoplist, or a file that cannot be written
  /// (for `Access/write`) is refused and left byte for byte as it was, its journal mode
  /// included, with nothing created beside it.
  ///
  /// - Parameters:
  ///   - path: The database file. Missing folders are created readable by their owner only
  ///     (0700), a missing file likewise (0600).
  ///   - busyTimeout: How long to wait for another connection's lock before failing with
  ///     `DatabaseError/Reason/busy`.
  ///   - access: Whether the caller needs to write; see ``Access``.
  /// - Throws: `DatabaseError`; its `DatabaseError/category` groups the reasons.
  public init(
    path: String, busyTimeout: Duration = BusyWait.standard, access: Access = .write
  ) throws(DatabaseError) {
    let migrator = Migrator()
    let contents = try DatabaseFile.prepare(path)
    var header: DatabaseFile.Header?
    if case let .sqlite(found) = contents {
      // What the header alone shows is refused before SQLite opens the file.
      header = found
      try Self.refuse(.init(header: found), migrator: migrator, path: path)
    }
    let connection: Connection
    if DatabaseFile.isWritable(path) {
      // A new file, or one older than this shoplist, is initialised under a lock of its own,
      // so that processes finding it so at once take turns instead of failing as busy.
      let needsInitialising =
        header.map {
          $0.userVersion < migrator.latestVersion || !$0.isWriteAheadLog || !$0.hasChecksums
        } ?? true
      let lock =
        needsInitialising ? try DatabaseFile.InitialisationLock(path, timeout: busyTimeout) : nil
      connection = try Connection(path: path)
      connection.setBusyTimeout(busyTimeout)
      let inspection = try migrator.inspect(connection, checkingTables: needsInitialising)
      try Self.refuse(inspection, migrator: migrator, path: path)
      if connection.isReadOnly {
        throw DatabaseError(
          reason: .readOnly, path: path, message: "the file or its folder cannot be written"
        )
      }
      try Self.configure(connection)
      if needsInitialising { try connection.makeRoomForChecksums() }
      migrationNotices = try migrator.migrate(connection, inspection: inspection)
      withExtendedLifetime(lock) {}
      isReadOnly = false
    } else {
      guard access == .read, header != nil else {
        throw DatabaseError(
          reason: .readOnly, path: path, message: "the file or its folder cannot be written"
        )
      }
      // Without a write-ahead log the whole database is in the file: read it as immutable,
      // which creates no `-shm` beside it (the folder may not allow one anyway).
      connection = try Connection(
        path: path, mode: .readOnly(immutable: !DatabaseFile.hasWriteAheadLog(path))
      )
      connection.setBusyTimeout(busyTimeout)
      let inspection = try migrator.inspect(connection)
      try Self.refuse(inspection, migrator: migrator, path: path)
      guard inspection == .shoplist(version: migrator.latestVersion) else {
        throw DatabaseError(
          reason: .readOnly, path: path,
          message: "it needs upgrading to this shoplist's schema, which writes to it"
        )
      }
      try Self.configure(connection)
      migrationNotices = []
      isReadOnly = true
    }
    self.path = path
    self.connection = connection
    self.fileIdentity = DatabaseFile.identity(of: path)
  }

  /// A database in memory: no file, nothing read-only, nothing migrated to tell of.
  init(path: String, connection: Connection) {
    self.path = path
    self.connection = connection
    self.fileIdentity = nil
    self.isReadOnly = false
    self.migrationNotices = []
  }

  deinit {
    holdingThread.stop()
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): committed when `body` returns,
  /// rolled back when it throws. What `body`'s effects changed and no history entry records
  /// yet is recorded as one before the commit (see
  /// `ShoppingStorage/StorageTransaction/journal(command:kind:target:at:by:)`).
  ///
  /// The write lock is taken at the start, waiting up to the busy timeout for other writers, so
  /// the transaction cannot fail half-way because another process wrote meanwhile.
  ///
  /// Writers of this value that arrive while another one writes share one commit (see
  /// `ConnectionGate`): each does its work in a savepoint of the same transaction, undone
  /// alone when its body throws, with its own history entry, and each returns only once the
  /// whole transaction is committed — or throws if the commit fails. The writer holding the
  /// connection does the work of those who wait, on its own thread: `body` may run on another
  /// thread of the process than the one calling, which waits meanwhile.
  ///
  /// - Parameter body: Reads and writes through the repository, which is valid only during
  ///   the call and on the thread that runs `body`.
  /// - Returns: What `body` returns.
  /// - Throws: `body`'s error unchanged, or a `DatabaseError` from beginning or committing.
  public func write<T>(_ body: (ShoppingRepository) throws -> T) throws -> T {
    try checkWritable()
    let thread = try claimingThread()
    return try withoutActuallyEscaping(body) { body in
      var result: T?
      // Whoever holds the connection runs this, on its own thread, while this one waits.
      let pending = ConnectionGate.PendingWrite(waiting: .thread) { result = try self.work(body) }
      switch gate.enterWriting(pending) {
      case .done(let outcome):
        try outcome.get()
      case .holding:
        try hold(doing: pending, on: thread)
      case nil:
        break
      }
      return try workResult(result)
    }
  }

  /// Refuses to write when the file was opened for reading only.
  func checkWritable() throws(DatabaseError) {
    if isReadOnly {
      throw DatabaseError(
        reason: .readOnly, path: path, message: "the file or its folder cannot be written"
      )
    }
  }

  /// What a write's work returned, once the write has ended without an error.
  func workResult<T>(_ result: T?) throws(DatabaseError) -> T {
    guard let result else {
      throw DatabaseError(
        reason: .misuse, path: path, message: "a write ended without doing its work")
    }
    return result
  }

  /// Runs `body` in a read transaction: it sees one consistent snapshot of the database, even
  /// while other connections write.
  ///
  /// - Parameter body: Reads through the repository;
  ///   `ShoppingStorage/EffectEngine/execute(_:)` fails with `DatabaseError/Reason/misuse`.
  /// - Returns: What `body` returns.
  /// - Throws: `body`'s error unchanged, or a `DatabaseError`.
  public func read<T>(_ body: (ShoppingRepository) throws -> T) throws -> T {
    try withConnection { connection in
      let repository = ShoppingRepository(
        connection: connection, isWritable: false, loadedLists: loadedLists)
      defer { repository.close() }
      return try connection.transaction(.read) { try body(repository) }
    }
  }

  /// Gives `body` exclusive use of the connection, with nothing uncommitted on it.
  func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    let thread = try claimingThread()
    gate.enterAlone()
    owner.store(thread, ordering: .relaxed)
    defer {
      owner.store(0, ordering: .relaxed)
      gate.leave()
    }
    return try body(connection)
  }

  /// The calling thread, which must not be in a transaction of this value already: a nested
  /// call fails instead of waiting for itself forever.
  private func claimingThread() throws(DatabaseError) -> UInt {
    BlockingCalls.check("an SQLite transaction")
    let thread = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == thread {
      throw DatabaseError(
        reason: .misuse, path: path,
        message: "a transaction is already open on this thread; use its repository"
      )
    }
    return thread
  }
}
