import ShoppingCore
import ShoppingStorage

// MARK: - Checking for damage

extension ShoppingDatabase {
  /// The problems SQLite's integrity check (`PRAGMA integrity_check`) finds in the database,
  /// one line each: empty when it is healthy. Reads every page; writes nothing.
  ///
  /// ```swift
  /// let problems = try database.integrityProblems()
  /// if !problems.isEmpty { print("damaged:", problems.joined(separator: "\n")) }
  /// ```
  ///
  /// - Throws: `DatabaseError` when the check cannot run (the database is busy); damage that
  ///   stops it is one of the problems.
  public func integrityProblems() throws(DatabaseError) -> [String] {
    do {
      return try withConnection { connection in try Self.integrityProblems(of: connection) }
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw DatabaseError(reason: .other, path: path, message: "\(error)")
    }
  }

  /// ``integrityProblems()`` of the database file at `path`, which is opened for reading only:
  /// never created when missing, never migrated, never written to.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - busyTimeout: How long to wait for a connection that keeps the file locked.
  /// - Throws: `DatabaseError`: `DatabaseError/Reason/cannotOpen` when there is no file or
  ///   it cannot be read, `DatabaseError/Reason/notShoplist` for another program's database;
  ///   a file that is not a database at all, or so damaged that SQLite cannot open it, is
  ///   `DatabaseError/Reason/corrupt`.
  public static func integrityProblems(
    ofFileAt path: String, busyTimeout: Duration = BusyWait.standard
  ) throws(DatabaseError) -> [String] {
    if case let .sqlite(header) = try DatabaseFile.inspect(path),
      Migrator.Inspection(header: header) == .foreign
    {
      throw DatabaseError(
        reason: .notShoplist, path: path, message: "the database belongs to another program")
    }
    // Without a write-ahead log the whole database is in the file: read as immutable, which
    // creates nothing beside it.
    // Pages are not compared with their checksums: the check reports every problem itself,
    // where the first damaged page would stop it.
    let connection = try Connection(
      path: path, mode: .readOnly(immutable: !DatabaseFile.hasWriteAheadLog(path)),
      comparingChecksums: false)
    connection.setBusyTimeout(busyTimeout)
    return try integrityProblems(of: connection)
  }

  private static func integrityProblems(
    of connection: Connection
  ) throws(DatabaseError) -> [String] {
    var problems: [String] = []
    do {
      try connection.query("PRAGMA integrity_check") { row throws(DatabaseError) in
        // A row may hold several problems, a line each, under a heading naming the schema
        // ("*** in database main ***"): one database, so the heading says nothing.
        for line in row.text(0).split(separator: "\n")
        where line != "ok" && !line.hasPrefix("***") {
          problems.append(String(line))
        }
      }
    } catch where error.reason == .corrupt || error.reason == .damaged {
      // Damage where the check starts (the schema's own pages) stops it: that is what it found.
      problems.append(error.message)
    }
    return problems
  }
}
