import ShoppingStorage

extension ShoppingDatabase {
  /// Whether this value opened a file (not a database in memory), which can be replaced.
  public var isFile: Bool { fileIdentity != nil }

  /// Whether the path no longer leads to the file this value opened: another file was put in
  /// its place, or it was deleted. Always false for a database in memory.
  public var fileWasReplaced: Bool {
    guard let fileIdentity else { return false }
    return DatabaseFile.identity(of: path) != fileIdentity
  }

  /// Once the file this value opened was replaced or deleted under it (`mv backup.sqlite
  /// shoplist.sqlite` while a server runs), empties the write-ahead log still under the file's
  /// name: its changes belong to the file that was opened, and SQLite, which cannot tell whose
  /// log it is, would read them into whatever file now has the name — a restored backup would
  /// come back mixed with the changes made after it. They are written into the file that was
  /// opened (which nobody reads any more), and the log is left empty.
  ///
  /// Does nothing while the path still leads to the file opened.
  ///
  /// - Returns: Whether the log was emptied (false: the file is still in place, or the log is
  ///   in use by a reader and could not be emptied now; ask again later).
  public func emptyWriteAheadLogOfReplacedFile() throws -> Bool {
    guard fileWasReplaced else { return false }
    return try withConnection { connection in
      // The first column is 1 when the checkpoint could not finish (a reader was in the way).
      try connection.integer("PRAGMA wal_checkpoint(TRUNCATE)") == 0
    }
  }
}
