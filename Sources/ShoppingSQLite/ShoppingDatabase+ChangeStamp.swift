import Synchronization

/// Whether anyone changed the file: SQLite's data version, read on a connection of its own.
extension ShoppingDatabase {
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

  enum StampConnection {
    case unopened
    case open(Connection)
    /// It could not be opened: the file may not be read that way (a folder without room for
    /// the shared-memory index, say). Not tried again.
    case unavailable
  }
}
