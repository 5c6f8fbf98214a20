import Composable
import Foundation
import ShoppingCore
import ShoppingPostgres
import ShoppingSQLite
import ShoppingService
import ShoppingStorage

// MARK: - Opening storage

/// The one place that chooses a storage engine: every front end of shoplist opens its database
/// through these, by the path (or URL) the user gave. A program that keeps its lists in SQLite
/// alone gives the service a `ShoppingDatabase` instead
/// (`ShoppingService/ShoppingService/init(storage:environment:trace:)`) and builds no
/// PostgreSQL client.
extension ShoppingService {
  /// Opens (creating and migrating when needed) the storage at `path`: an SQLite file.
  ///
  /// ```swift
  /// let service = try ShoppingService(path: "/home/me/.local/share/shoplist/shoplist.sqlite")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The database file; missing folders and the file are created.
  ///   - busyTimeout: How long a write waits for another program's lock.
  ///   - access: Whether the caller means to write; with `ShoppingStorage/StorageAccess/read`
  ///     a file that cannot be written is opened for reading only.
  ///   - environment: The clock and ids.
  ///   - trace: Where to trace every action and the execution of its effects, if anywhere.
  public convenience init(
    path: String, busyTimeout: Duration = BusyWait.standard, access: StorageAccess = .write,
    environment: ShoppingEnvironment = .live, trace: TraceOutput? = nil
  ) throws(DatabaseError) {
    self.init(
      storage: try Self.openStorage(at: path, busyTimeout: busyTimeout, access: access),
      environment: environment, trace: trace
    )
  }

  /// The storage at `path`, opened (created and migrated when needed).
  public static func openStorage(
    at path: String, busyTimeout: Duration = BusyWait.standard, access: StorageAccess = .write
  ) throws(DatabaseError) -> any ShoppingStorage {
    if let url = try postgresURL(path) {
      return try PostgresStorage(url: url, busyTimeout: busyTimeout)
    }
    return try ShoppingDatabase(path: path, busyTimeout: busyTimeout, access: access)
  }

  /// Whether there is storage at `location` already: a file that exists, or any PostgreSQL URL
  /// (its server holds the database; opening it makes shoplist's tables when missing).
  public static func storageExists(at location: String) -> Bool {
    PostgresURL.isURL(location) || FileManager.default.fileExists(atPath: location)
  }

  /// Refuses a `location` that is meant as a PostgreSQL URL but is not a usable one, before
  /// anything is opened or connected to: a mistyped `?sslmode=` is the caller's mistake, to be
  /// told as such, not a database that cannot be opened.
  ///
  /// ```swift
  /// try ShoppingService.checkLocation("postgres://ana@db.home/shoplist?sslmode=bogus")
  /// // throws: invalid database URL "postgres://ana@db.home:5432/shoplist?sslmode=bogus": …
  /// ```
  ///
  /// - Throws: `ShoppingPostgres/PostgresURLError` saying what is wrong (exit status 64).
  public static func checkLocation(_ location: String) throws(PostgresURLError) {
    if PostgresURL.isURL(location) { _ = try PostgresURL(location) }
  }

  /// The PostgreSQL database `location` names, or nil for a file's path.
  ///
  /// - Throws: ``ShoppingStorage/DatabaseError`` `.cannotOpen` for a URL that cannot be used,
  ///   saying why, without its password.
  private static func postgresURL(_ location: String) throws(DatabaseError) -> PostgresURL? {
    guard PostgresURL.isURL(location) else { return nil }
    do {
      return try PostgresURL(location)
    } catch {
      throw DatabaseError(reason: .cannotOpen, path: error.url, message: error.problem)
    }
  }

  /// The problems a check of the storage at `path` finds, without opening it for use (nothing
  /// is created or migrated): empty when it is healthy.
  public static func integrityProblems(
    ofStorageAt path: String, busyTimeout: Duration = BusyWait.standard
  ) throws(DatabaseError) -> [String] {
    if let url = try postgresURL(path) {
      return try PostgresStorage(url: url, busyTimeout: busyTimeout).integrityProblems()
    }
    return try ShoppingDatabase.integrityProblems(ofFileAt: path, busyTimeout: busyTimeout)
  }

  /// The service a dry run of an import into the database at `path` works on: that database,
  /// whose transaction is rolled back, unless that would write anything or cannot be done — an
  /// empty database in memory when there is no file yet (a dry run creates nothing), and a
  /// copy in memory of a database this user may not write.
  public static func forDryRun(
    path: String, busyTimeout: Duration = BusyWait.standard, environment: ShoppingEnvironment = .live,
    trace: TraceOutput? = nil
  ) throws -> ShoppingService {
    if PostgresURL.isURL(path) {
      // Nothing is committed by a dry run: its transaction is rolled back.
      return ShoppingService(
        storage: try openStorage(at: path, busyTimeout: busyTimeout), environment: environment,
        trace: trace)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      return ShoppingService(
        storage: try ShoppingDatabase.inMemory(), environment: environment, trace: trace)
    }
    let database = try ShoppingDatabase(path: path, busyTimeout: busyTimeout, access: .read)
    return ShoppingService(
      storage: database.isReadOnly ? try ShoppingDatabase.inMemory(copying: database) : database,
      environment: environment, trace: trace
    )
  }

  /// Whether the storage is a file that another can be put in place of (SQLite's), as
  /// opposed to a database in memory or on a server.
  public var storageIsAFile: Bool {
    (storage as? ShoppingDatabase)?.isFile ?? false
  }

  /// Whether the storage's file was replaced or deleted since it was opened: its path leads to
  /// another file now, or nowhere. Always false for storage that is not a file.
  public var storageFileWasReplaced: Bool {
    (storage as? ShoppingDatabase)?.fileWasReplaced ?? false
  }

  /// After the database file was replaced or deleted under this running service: lets go of
  /// what the file that was opened left under its name, so that nothing of it is read into the
  /// file now there (SQLite's write-ahead log, see
  /// `ShoppingSQLite/ShoppingDatabase/emptyWriteAheadLogOfReplacedFile()`). Storage that is
  /// not a file has nothing to let go of.
  ///
  /// - Returns: Whether it is done (false: a reader was in the way; ask again later).
  public func letGoOfReplacedFile() throws -> Bool {
    guard let database = storage as? ShoppingDatabase else { return true }
    return try database.emptyWriteAheadLogOfReplacedFile()
  }
}
