import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage
import Synchronization

/// shoplist's storage in a PostgreSQL database, for a household on several machines: its
/// tables in the schema `shoplist`, created and migrated on first use.
///
/// Every write transaction takes one lock for the whole database first (a transaction-level
/// advisory lock), so writers on any number of hosts run one after another as SQLite's do,
/// waiting up to the busy timeout for each other; reads run beside them on a snapshot. A write
/// that changed anything counts itself in the `version` row and tells listeners with a
/// notification on `shoplist` as it commits.
///
/// ```swift
/// let storage = try PostgresStorage(url: PostgresURL("postgres://ana@db.home/shoplist"))
/// let service = ShoppingService(storage: storage)
/// ```
public final class PostgresStorage: ShoppingStorage, Sendable {
  public typealias Transaction = PostgresTransaction

  /// The database's URL, its password hidden.
  public var location: String { url.redacted }
  public var isReadOnly: Bool { false }
  public var migrationNotices: [MigrationNotice] { [] }

  /// The database.
  public let url: PostgresURL
  /// How long a write waits for another one, and a connection for the server.
  public let busyTimeout: Duration

  /// Connections not in use, kept for the next transaction.
  private let idle = Mutex<[Session]>([])
  /// The thread running a write transaction, to refuse a write nested in it.
  private let writingThreads = Mutex<Set<ObjectIdentifier>>([])

  /// The channel every committed change is announced on.
  public static let channel = "shoplist"

  /// Connects to the database `url` names and brings its schema up to date.
  ///
  /// - Throws: `ShoppingStorage/DatabaseError`: `.unreachable`, `.accessDenied`,
  ///   `.newerSchema`, `.notShoplist` (a `shoplist` schema made by something else).
  public init(url: PostgresURL, busyTimeout: Duration = BusyWait.standard) throws(DatabaseError) {
    self.url = url
    self.busyTimeout = busyTimeout
    let session = try Session.connect(to: url, timeout: busyTimeout)
    do {
      try PostgresMigrator(session: session).migrate()
      try session.execute("SET search_path TO shoplist")
    } catch {
      session.close()
      throw error
    }
    idle.withLock { $0.append(session) }
  }

  deinit {
    for session in idle.withLock({ $0 }) { session.close() }
  }

  /// A connection for one transaction: an idle one, or a new one.
  private func take() throws(DatabaseError) -> Session {
    while let session = idle.withLock({ $0.popLast() }) {
      if !session.isClosed { return session }
    }
    let session = try Session.connect(to: url, timeout: busyTimeout)
    do {
      try session.execute("SET search_path TO shoplist")
    } catch {
      // A server going down just after letting the connection in: closed here, as every
      // session dropped must be (PostgresNIO traps on a connection dropped open).
      session.close()
      throw error
    }
    return session
  }

  private func giveBack(_ session: Session) {
    if session.isClosed { return }
    idle.withLock { $0.append(session) }
  }

  public func write<T>(_ body: (PostgresTransaction) throws -> T) throws -> T {
    let thread = ObjectIdentifier(Thread.current)
    guard writingThreads.withLock({ $0.insert(thread).inserted }) else {
      throw DatabaseError(
        reason: .misuse, path: location,
        message: "a transaction is already open on this thread; use its transaction")
    }
    defer { _ = writingThreads.withLock { $0.remove(thread) } }
    // The transaction's id and token once it has written a row: what the server is asked
    // about if the connection is lost while the commit is on its way.
    var written: WrittenTransaction?
    let token = UUID()
    return try transaction(writable: true, written: { written }) { transaction in
      let (seconds, attoseconds) = busyTimeout.components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      try transaction.session.execute("SET LOCAL lock_timeout = \(max(1, milliseconds))")
      try transaction.session.execute("SELECT pg_advisory_xact_lock(\(Self.writeLock))")
      let result = try body(transaction)
      try transaction.journal(command: StorageJournal.defaultCommand, at: Date())
      // Counted, announced and marked with its token only when the transaction wrote a row
      // (PostgreSQL gives it an id then): a command that changed nothing leaves the data as it
      // was and wakes no one. Tokens older than an hour go, now and then. The same statement
      // answers the transaction's id.
      var binds = PostgresBindings()
      binds.append(token)
      let rows = try transaction.session.query(
        """
        WITH written AS (SELECT pg_current_xact_id_if_assigned() AS id),
          counted AS (
            UPDATE version SET value = value + 1
            WHERE (SELECT id FROM written) IS NOT NULL RETURNING value),
          marked AS (
            INSERT INTO commit_token (token) SELECT $1 FROM written WHERE id IS NOT NULL
            RETURNING token),
          pruned AS (
            DELETE FROM commit_token
            WHERE (SELECT value FROM counted) % 64 = 0 AND at < now() - interval '1 hour'
            RETURNING token),
          told AS (SELECT pg_notify('\(Self.channel)', '') FROM written WHERE id IS NOT NULL)
        SELECT (SELECT id FROM written)::text, (SELECT count(*) FROM counted),
          (SELECT count(*) FROM told), (SELECT count(*) FROM marked),
          (SELECT count(*) FROM pruned)
        """, binds)
      written = try rows.first?.optionalText(0).map { WrittenTransaction(id: $0, token: token) }
      return result
    }
  }

  public func read<T>(_ body: (PostgresTransaction) throws -> T) throws -> T {
    try transaction(writable: false, body)
  }

  /// The advisory lock every write holds: one number for shoplist's schema.
  static let writeLock: Int64 = 0x5348_4F50_4C49_5354

  private func transaction<T>(
    writable: Bool, written: () -> WrittenTransaction? = { nil },
    _ body: (PostgresTransaction) throws -> T
  ) throws -> T {
    BlockingCalls.check("a PostgreSQL transaction")
    let session = try take()
    let transaction = PostgresTransaction(session: session, isWritable: writable)
    defer { transaction.close() }
    do {
      try session.execute(
        writable
          ? "BEGIN ISOLATION LEVEL READ COMMITTED"
          : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    } catch {
      session.close()
      throw error
    }
    let result: T
    do {
      result = try body(transaction)
    } catch {
      _ = rolledBackOrLost(session)
      throw error
    }
    do {
      try session.execute("COMMIT")
    } catch {
      // The connection was lost with the commit sent: the change may be saved, or not.
      guard rolledBackOrLost(session), let written = written() else { throw error }
      switch outcome(of: written) {
      case .committed: return result
      case .notCommitted: throw error
      case .unknown:
        throw DatabaseError(reason: .unreachable, path: location, message: Self.inDoubt)
      }
    }
    giveBack(session)
    return result
  }

  /// After a failed statement: a connection that still answers rolls back and is kept (false),
  /// a lost one is closed (true).
  private func rolledBackOrLost(_ session: Session) -> Bool {
    if (try? session.execute("ROLLBACK")) != nil {
      giveBack(session)
      return false
    }
    session.close()
    return true
  }

  public func integrityProblems() throws(DatabaseError) -> [String] {
    do {
      return try read { transaction throws(DatabaseError) in
        try transaction.session.query(
          """
          SELECT 'item ' || id || ' belongs to no list' FROM product
          WHERE list_id NOT IN (SELECT id FROM list)
          """
        ).map { row throws(DatabaseError) in try row.text(0) }
      }
    } catch {
      throw PostgresFailure.unexpected(error, location: location)
    }
  }
}
