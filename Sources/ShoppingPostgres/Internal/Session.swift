import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ShoppingStorage
import Synchronization

/// One connection to the server, used by one thread at a time, with blocking calls: the
/// storage protocol's transactions are synchronous. Each call waits for its answer on the
/// connection's event loop, so it must never run on one (the command line's thread, or the
/// thread pool the server hands storage work to).
final class Session: Sendable {
  let connection: PostgresConnection
  /// The URL without its password: what every message names.
  let location: String
  private let logger: Logger
  /// The answer a call waits for, which the connection's close ends.
  private let pending = Pending()

  private init(connection: PostgresConnection, location: String, logger: Logger) {
    self.connection = connection
    self.location = location
    self.logger = logger
    connection.closeFuture.whenComplete { [pending] _ in pending.close() }
  }

  /// The event loop every connection to PostgreSQL runs on: one of its own, apart from those a
  /// server answers HTTP on, so that a long list arriving for one request never holds up
  /// reading the next one (nor a server's shutdown, which closes connections whose request it
  /// has not read yet).
  static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

  /// Connects to the server `url` names.
  ///
  /// - Throws: ``ShoppingStorage/DatabaseError`` `.unreachable` (refused, unknown host, timed
  ///   out, TLS refused) or `.accessDenied` (password, permission).
  static func connect(to url: PostgresURL, timeout: Duration) throws(DatabaseError) -> Session {
    var logger = Logger(label: "shoplist.postgres")
    logger.logLevel = .critical
    let configuration: PostgresConnection.Configuration
    do {
      configuration = try url.configuration(connectTimeout: timeout)
    } catch {
      // NIOSSL could not make a context: this machine's TLS setup (its trusted certificates).
      throw DatabaseError(
        reason: .cannotOpen, path: url.redacted,
        message: "TLS cannot be set up on this machine (are its trusted certificates installed?)")
    }
    let eventLoop = eventLoops.any()
    let logged = logger
    do {
      let connection = try BlockingBridge.wait {
        try await PostgresConnection.connect(
          on: eventLoop, configuration: configuration, id: 1, logger: logged)
      }
      return Session(connection: connection, location: url.redacted, logger: logger)
    } catch {
      throw PostgresFailure.connecting(error, location: url.redacted)
    }
  }

  /// Runs `sql` with `binds`, returning every row.
  @discardableResult
  func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws(DatabaseError)
    -> [Row]
  {
    do {
      let result = try answer(PostgresQuery(unsafeSQL: sql, binds: binds))
      return result.map { Row(cells: Array($0), location: location) }
    } catch {
      throw PostgresFailure.querying(error, location: location)
    }
  }

  /// Runs `sql` with `binds` and returns the number of rows it changed.
  @discardableResult
  func execute(
    _ sql: String, _ binds: PostgresBindings = PostgresBindings()
  ) throws(DatabaseError) -> Int {
    do {
      let result = try answer(PostgresQuery(unsafeSQL: sql, binds: binds))
      return result.metadata.rows ?? 0
    } catch {
      throw PostgresFailure.querying(error, location: location)
    }
  }

  /// Sends `query` and waits for its whole answer, or for the connection to close.
  ///
  /// PostgresNIO loses a query sent on a connection that has just closed (the server went
  /// away between two statements of a transaction): its future never completes, and waiting
  /// for that future alone would wait forever. So the wait also ends, with
  /// ``ConnectionClosed``, when the connection closes, or at once if it already has.
  private func answer(_ query: PostgresQuery) throws -> PostgresQueryResult {
    let answered = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
    guard pending.hold(answered) else {
      answered.fail(ConnectionClosed())
      throw ConnectionClosed()
    }
    defer { pending.done() }
    connection.query(query, logger: logger).cascade(to: answered)
    return try answered.futureResult.wait()
  }

  /// The answer one call waits for, failed when the connection closes: a session serves one
  /// thread at a time, so there is at most one.
  private final class Pending: Sendable {
    private let state = Mutex<(answer: EventLoopPromise<PostgresQueryResult>?, closed: Bool)>(
      (nil, false))

    /// Takes `answer` to fail should the connection close; false if it already has.
    func hold(_ answer: EventLoopPromise<PostgresQueryResult>) -> Bool {
      state.withLock { state in
        if state.closed { return false }
        state.answer = answer
        return true
      }
    }

    /// The answer came.
    func done() {
      state.withLock { $0.answer = nil }
    }

    /// The connection closed: the answer waited for, if any, will not come.
    func close() {
      let answer = state.withLock { state in
        state.closed = true
        defer { state.answer = nil }
        return state.answer
      }
      answer?.fail(ConnectionClosed())
    }
  }

  /// The connection closed before a query's answer came.
  struct ConnectionClosed: Error {}

  /// Closes the connection; a transaction left open is rolled back by the server.
  func close() {
    try? connection.close().wait()
  }

  /// Whether the connection is closed (the server went away).
  var isClosed: Bool { connection.isClosed }
}

/// One row of a result, its columns read by position.
struct Row {
  let cells: [PostgresCell]
  let location: String

  func decode<T: PostgresDecodable>(_ index: Int, as type: T.Type) throws(DatabaseError)
    -> T
  {
    do {
      return try cells[index].decode(T.self)
    } catch {
      throw DatabaseError(
        reason: .corrupt, path: location,
        message: "column \(cells[index].columnName) cannot be read as \(T.self)")
    }
  }

  func text(_ index: Int) throws(DatabaseError) -> String { try decode(index, as: String.self) }

  func optionalText(_ index: Int) throws(DatabaseError) -> String? {
    try decode(index, as: String?.self)
  }

  func uuid(_ index: Int) throws(DatabaseError) -> UUID { try decode(index, as: UUID.self) }

  func integer(_ index: Int) throws(DatabaseError) -> Int64 { try decode(index, as: Int64.self) }

  func optionalInteger(_ index: Int) throws(DatabaseError) -> Int64? {
    try decode(index, as: Int64?.self)
  }

  func bool(_ index: Int) throws(DatabaseError) -> Bool { try decode(index, as: Bool.self) }

  func date(_ index: Int) throws(DatabaseError) -> Date { try decode(index, as: Date.self) }

  /// An item's `updatedAt`, to the microsecond as it was written.
  func preciseDate(_ index: Int) throws(DatabaseError) -> Date {
    try decode(index, as: PreciseTime.self).date
  }

  func optionalDate(_ index: Int) throws(DatabaseError) -> Date? {
    try decode(index, as: Date?.self)
  }

  func bytes(_ index: Int) throws(DatabaseError) -> [UInt8] {
    let buffer = try decode(index, as: ByteBuffer.self)
    return Array(buffer.readableBytesView)
  }
}
