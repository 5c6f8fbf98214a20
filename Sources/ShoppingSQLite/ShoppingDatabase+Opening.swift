import ShoppingStorage

/// Opening a database in memory, and what every opening checks and sets.
extension ShoppingDatabase {
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

  /// Refuses a database that is not shoplist's, or is from a newer shoplist.
  static func refuse(
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

  static func configure(_ connection: Connection) throws(DatabaseError) {
    // Room for a large import's pages (SQLite allocates it only as pages are used): with the
    // default 2 MB cache, a million-row import spills dirty pages to the log mid-transaction
    // and reads them back, doubling its time.
    try connection.executeScript(
      "PRAGMA foreign_keys = ON; PRAGMA cache_size = -\(Self.cacheKibibytes)"
    )
  }
}
