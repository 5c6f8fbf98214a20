import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite
import ShoppingStorage

// MARK: - Opening storage

/// The one place that chooses a storage engine: every front end opens its database through
/// these, by the path (or URL) the user gave.
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
  ///   - access: Whether the caller means to write; with ``ShoppingStorage/StorageAccess/read``
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
    try ShoppingDatabase(path: path, busyTimeout: busyTimeout, access: access)
  }

  /// The problems a check of the storage at `path` finds, without opening it for use (nothing
  /// is created or migrated): empty when it is healthy.
  public static func integrityProblems(
    ofStorageAt path: String, busyTimeout: Duration = BusyWait.standard
  ) throws(DatabaseError) -> [String] {
    try ShoppingDatabase.integrityProblems(ofFileAt: path, busyTimeout: busyTimeout)
  }

  /// The service a dry run of an import into the database at `path` works on: that database,
  /// whose transaction is rolled back, unless that would write anything or cannot be done — an
  /// empty database in memory when there is no file yet (a dry run creates nothing), and a
  /// copy in memory of a database this user may not write.
  public static func forDryRun(
    path: String, busyTimeout: Duration = BusyWait.standard, environment: ShoppingEnvironment = .live,
    trace: TraceOutput? = nil
  ) throws -> ShoppingService {
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
}
