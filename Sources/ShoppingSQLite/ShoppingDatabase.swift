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
  private let connection: Connection
  /// Who uses `connection` now, and the write transaction writers share (see ``write(_:)``).
  let gate = ConnectionGate()
  /// Holds the connection for writers that wait as tasks, without a thread of their own:
  /// started by the first of them.
  let holdingThread = HoldingThread()
  /// The thread running a transaction (0: none), so that a nested call fails instead of
  /// deadlocking.
  private let owner = Atomic<UInt>(0)
  /// The file this connection opened, to notice when the path comes to name another one;
  /// `nil` for a database in memory.
  let fileIdentity: DatabaseFile.Identity?
  /// What ``changeStamp()`` asks: a second connection, opened on first use.
  private let stampConnection = Mutex(StampConnection.unopened)
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

  /// A database in memory, nothing of which ever reaches a disk: empty and migrated, or a
  /// copy of `source`. For a dry run, which must write nothing: not even create a missing
  /// file, and not be refused by a file it cannot write.
  ///
  /// - Parameter source: The database to copy, read in one consistent snapshot.
  public static func inMemory(
    copying source: ShoppingDatabase? = nil
  ) throws(DatabaseError) -> ShoppingDatabase {
    let path = source?.path ?? ":memory:"
    let connection = try Connection(path: ":memory:", create: true)
    if let source {
      do {
        try source.withConnection { try connection.copy(from: $0) }
      } catch let error as DatabaseError {
        throw error
      } catch {
        throw DatabaseError(reason: .other, path: path, message: "\(error)")
      }
    }
    try configure(connection)
    try Migrator().migrate(connection)
    return ShoppingDatabase(path: path, connection: connection)
  }

  private init(path: String, connection: Connection) {
    self.path = path
    self.connection = connection
    self.fileIdentity = nil
    self.isReadOnly = false
    self.migrationNotices = []
  }

  deinit {
    holdingThread.stop()
  }

  /// Refuses a database that is not shoplist's, or is from a newer shoplist.
  private static func refuse(
    _ inspection: Migrator.Inspection, migrator: Migrator, path: String
  ) throws(DatabaseError) {
    switch inspection {
    case .foreign:
      throw DatabaseError(
        reason: .notShoplist, path: path, message: "the database belongs to another program"
      )
    case let .shoplist(version) where version > migrator.latestVersion:
      throw DatabaseError(
        reason: .newerSchema(version: version, supported: migrator.latestVersion), path: path,
        message: "schema version \(version) is newer than \(migrator.latestVersion)"
      )
    case .empty, .shoplist:
      break
    }
  }

  private static func configure(_ connection: Connection) throws(DatabaseError) {
    // Room for a large import's pages (SQLite allocates it only as pages are used): with the
    // default 2 MB cache, a million-row import spills dirty pages to the log mid-transaction
    // and reads them back, doubling its time.
    try connection.executeScript(
      "PRAGMA foreign_keys = ON; PRAGMA cache_size = -\(Self.cacheKibibytes)"
    )
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
  /// - Parameter body: Reads through the repository; ``ShoppingRepository/execute(_:)`` fails
  ///   with `DatabaseError/Reason/misuse`.
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

  /// `BEGIN IMMEDIATE`, on the file this value opened.
  private func beginWriting() throws {
    try connection.run("BEGIN IMMEDIATE")
    // A writer may have waited a long time for the lock: if meanwhile the file was deleted
    // or another one put in its place, writing would go to a file nobody will read again.
    if let fileIdentity, DatabaseFile.identity(of: path) != fileIdentity {
      connection.rollback()
      throw DatabaseError(
        reason: .fileReplaced, path: path, message: "the file is not the one that was opened"
      )
    }
  }

  /// One writer's work inside the open transaction, recorded in the history.
  func work<T>(_ body: (ShoppingRepository) throws -> T) throws -> T {
    let repository = ShoppingRepository(
      connection: connection, isWritable: true, loadedLists: loadedLists)
    defer { repository.close() }
    let result = try body(repository)
    // SQLite rolls a transaction back by itself after some failures (a full disk): what
    // the body did after that must not be committed piecemeal, nor reported as a success.
    if let abort = repository.abortingError { throw abort }
    try repository.journal(command: StorageJournal.defaultCommand, at: Date())
    if let list = repository.listToKeep {
      // As the database holds it now, history entry included; forgotten if this
      // transaction is rolled back after all (see ``hold(doing:on:)``).
      loadedLists.keep(list, at: try repository.stamp())
    }
    return result
  }

  /// With the connection held: begins a transaction, does `own` work in it, then the work
  /// that writers waiting in line left (see ``ConnectionGate``), and commits for them all.
  /// Returns once the commit is made; throws `own` work's error, or the error that lost the
  /// group's work.
  func hold(doing own: ConnectionGate.PendingWrite, on thread: UInt) throws {
    owner.store(thread, ordering: .relaxed)
    do {
      try beginWriting()
      // The first writer's work is the transaction's only work so far: no savepoint needed.
      try own.take()?()
    } catch {
      connection.rollback()
      loadedLists.forget()
      owner.store(0, ordering: .relaxed)
      gate.leave()
      throw error
    }
    var joined: [ConnectionGate.PendingWrite] = []
    var outcome: Result<Void, any Error> = .success(())
    while let next = gate.nextWrite(joining: joined.count + 1) {
      do {
        try connection.transaction(.savepoint) { try next.take()?() }
        joined.append(next)
      } catch {
        // Its savepoint is undone, perhaps after its work kept a list.
        loadedLists.forget()
        gate.fail(next, with: error)
        // SQLite rolls the whole transaction back after some failures (a full disk): every
        // writer's work in it is lost.
        guard connection.isInTransaction else {
          outcome = .failure(error)
          break
        }
      }
    }
    if case .success = outcome {
      do {
        try connection.run("COMMIT")
      } catch {
        connection.rollback()
        outcome = .failure(error)
      }
    }
    if case .failure = outcome { loadedLists.forget() }
    owner.store(0, ordering: .relaxed)
    gate.finish(joined, with: outcome)
    try outcome.get()
  }

  /// SQLite's `PRAGMA data_version` as a connection of its own sees it: it changes with every
  /// commit of any other connection, this value's own included, and reading it reads nothing
  /// from the file (a look at the write-ahead log's index in shared memory, a few
  /// microseconds). Asked on that connection, never waiting behind a transaction of this
  /// value's. Nil for a database in memory, and while the file cannot be read (busy, say):
  /// the caller then reads, as it would without a stamp.
  public func changeStamp() -> Int? {
    guard fileIdentity != nil else { return nil }
    return stampConnection.withLock { state -> Int? in
      if case .unopened = state {
        do {
          let connection = try Connection(path: path, mode: .readOnly(immutable: false))
          connection.setBusyTimeout(.zero)
          state = .open(connection)
        } catch {
          state = .unavailable
        }
      }
      guard case let .open(connection) = state else { return nil }
      return try? connection.integer("PRAGMA data_version")
    }
  }

  private enum StampConnection {
    case unopened
    case open(Connection)
    /// It could not be opened: the file may not be read that way (a folder without room for
    /// the shared-memory index, say). Not tried again.
    case unavailable
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
