import Foundation
import ShoppingStorage

/// Brings a database's schema up to date by applying the embedded migrations it lacks, each in
/// its own transaction, recording each in the `migration` table and in `PRAGMA user_version`.
/// A migration's SQL runs with the application steps it names (see ``MigrationStep``) in the
/// same transaction.
///
/// Before anything is written, ``inspect(_:)`` decides whether the file is shoplist's (its
/// header carries our `application_id`) or empty; any other database is left alone.
struct Migrator {
  /// Marks a file as shoplist's in its header: "SHOP" in ASCII.
  static let applicationID = 0x5348_4F50

  /// What an opened database holds, found by reading only.
  enum Inspection: Equatable {
    /// No schema at all: a new database.
    case empty
    /// Another program's database.
    case foreign
    /// A shoplist database whose schema is at `version`.
    case shoplist(version: Int)
  }

  let migrations: [Migration]
  /// The application steps the migrations may name, by name.
  let steps: [String: MigrationStep]

  init(
    migrations: [Migration] = Migration.embedded,
    steps: [String: MigrationStep] = MigrationStep.embedded
  ) {
    self.migrations = migrations
    self.steps = steps
  }

  /// The schema version the migrations lead to.
  var latestVersion: Int {
    migrations.last?.version ?? 0
  }

  /// Reads the header and the schema's table of contents, writing nothing. Reading the
  /// schema also makes SQLite check the first page, so a damaged file fails here.
  ///
  /// - Parameter checkingTables: Whether a file carrying shoplist's application id must also
  ///   have shoplist's tables to count as shoplist's: checked before a migration writes to it
  ///   (an up-to-date file is only read, and a missing table fails the read).
  func inspect(
    _ connection: Connection, checkingTables: Bool = true
  ) throws(DatabaseError) -> Inspection {
    // One statement, so one read of the header and one read transaction.
    var applicationID = 0
    var version = 0
    var objects = 0
    var ownTables = 0
    try connection.query(
      checkingTables
        ? """
        SELECT application_id, user_version, (SELECT count(*) FROM sqlite_schema),
          (SELECT count(*) FROM sqlite_schema
            WHERE type = 'table' AND name IN ('migration', 'list', 'product'))
        FROM pragma_application_id, pragma_user_version
        """
        : """
        SELECT application_id, user_version, (SELECT count(*) FROM sqlite_schema), 3
        FROM pragma_application_id, pragma_user_version
        """
    ) { row throws(DatabaseError) in
      applicationID = Int(row.integer(0))
      version = Int(row.integer(1))
      objects = Int(row.integer(2))
      ownTables = Int(row.integer(3))
    }
    if applicationID == Self.applicationID {
      // Our application id on a file without our tables is some other program's idea: it is
      // refused like any foreign database, not migrated over.
      return version >= 1 && ownTables == 3 ? .shoplist(version: version) : .foreign
    }
    if applicationID == 0, version == 0, objects == 0 {
      return .empty
    }
    return .foreign
  }

  /// Applies every migration above the database's version, up to `target` (the latest by
  /// default). Call only once ``inspect(_:)`` has found the file empty or shoplist's.
  ///
  /// - Throws: ``DatabaseError`` with the reason the first failing migration met; the ones
  ///   before it stay applied, the failing one is rolled back.
  ///
  /// - Parameter inspection: What ``inspect(_:)`` just found on `connection`, if the caller
  ///   has it: a database already up to date is then not read again.
  /// - Returns: What the application steps of the migrations applied here want the user to
  ///   know; nothing when another process had applied them.
  @discardableResult
  func migrate(
    _ connection: Connection, upTo target: Int? = nil, inspection: Inspection? = nil
  ) throws(DatabaseError) -> [MigrationNotice] {
    let target = target ?? latestVersion
    let found: Inspection
    if let inspection { found = inspection } else { found = try inspect(connection) }
    if case let .shoplist(version) = found, version >= target { return [] }
    // A database in memory keeps its log in memory too.
    if !connection.isInMemory { try enableWriteAheadLog(connection) }
    var notices: [MigrationNotice] = []
    for migration in migrations where migration.version <= target {
      notices += try apply(migration, to: connection)
    }
    return notices
  }

  private func enableWriteAheadLog(_ connection: Connection) throws(DatabaseError) {
    guard try connection.text("PRAGMA journal_mode") != "wal" else { return }
    let mode = try connection.text("PRAGMA journal_mode = WAL")
    guard mode == "wal" else {
      throw DatabaseError(
        reason: .other, path: connection.path,
        message: "cannot switch to write-ahead logging (journal mode stayed \(mode ?? "unknown"))"
      )
    }
  }

  private func apply(
    _ migration: Migration, to connection: Connection
  ) throws(DatabaseError) -> [MigrationNotice] {
    do {
      return try connection.transaction(.write) { () throws -> [MigrationNotice] in
        // Read again under the write lock: another process may have migrated meanwhile.
        let inspection = try inspect(connection)
        switch inspection {
        case .foreign:
          throw DatabaseError(
            reason: .notShoplist, path: connection.path, message: "unknown application id"
          )
        case let .shoplist(version) where version >= migration.version:
          return []
        case let .shoplist(version) where version != migration.version - 1:
          throw DatabaseError(
            reason: .corrupt, path: connection.path,
            message: "schema version \(version) cannot take migration \(migration.name)"
          )
        case .empty:
          try connection.executeScript(
            """
            CREATE TABLE migration (
              version INTEGER PRIMARY KEY NOT NULL,
              name TEXT NOT NULL,
              appliedAt TEXT NOT NULL
            );
            PRAGMA application_id = \(Self.applicationID);
            """
          )
        case .shoplist:
          break
        }
        let notices = try run(migration, on: connection)
        try connection.run(
          "INSERT INTO migration (version, name, appliedAt) VALUES (?, ?, ?)",
          [.integer(Int64(migration.version)), .text(migration.name), .date(Date())]
        )
        // PRAGMA takes no parameters; the version is a number from the embedded migrations.
        try connection.executeScript("PRAGMA user_version = \(migration.version)")
        return notices
      }
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw DatabaseError(reason: .other, path: connection.path, message: "\(error)")
    }
  }
}

extension Migrator {
  /// Executes the migration's SQL and runs the application steps it names, in order.
  private func run(
    _ migration: Migration, on connection: Connection
  ) throws(DatabaseError) -> [MigrationNotice] {
    var notices: [MigrationNotice] = []
    for part in migration.parts {
      switch part {
      case let .sql(statements):
        try connection.executeScript(statements)
      case let .step(name):
        guard let step = steps[name] else {
          throw DatabaseError(
            reason: .other, path: connection.path,
            message: "migration \(migration.name) names an unknown application step \(name)"
          )
        }
        notices += try step.run(connection)
      }
    }
    return notices
  }
}

extension Migrator.Inspection {
  /// What a file's header alone says: its application id and schema version, as the file
  /// holds them (changes still in the write-ahead log aside).
  init(header: DatabaseFile.Header) {
    switch header.applicationID {
    case Migrator.applicationID: self = .shoplist(version: header.userVersion)
    case 0: self = .empty
    default: self = .foreign
    }
  }
}
