import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The SQLite file a server opened, watched for being replaced (`mv backup.sqlite
/// shoplist.sqlite`, the natural restore after `db copy`) or deleted while the server runs.
///
/// An open SQLite connection keeps reading the file it opened, even once no name leads to it:
/// without this, the server would go on answering from the deleted file's lists while the
/// command line and every other process use the new one, and nothing it wrote would reach
/// them. The server cannot simply open the new file either: a file being copied into place
/// looks replaced from its first byte, and only the person restoring knows when it is whole.
/// So from the moment the path no longer leads to the file opened, every request that needs the
/// database is answered 503 in words (``APIError/databaseReplaced``), the event streams end,
/// and stderr says so once: a restart serves the file now there.
final class DatabaseFile: Sendable {
  /// The file's path.
  let path: String
  private let identity: Identity
  private let gone = Atomic(false)

  private struct Identity: Equatable {
    let device: UInt64
    let inode: UInt64
  }

  /// The file at `location`, as it is now; nil when `location` names no file (a PostgreSQL
  /// database).
  init?(location: String) {
    guard let identity = Self.identity(of: location) else { return nil }
    self.path = location
    self.identity = identity
  }

  /// Whether the path was seen to lead elsewhere, or nowhere. Once gone, always gone.
  var isGone: Bool { gone.load(ordering: .relaxed) }

  /// Looks at the path again; returns true the first time it no longer leads to the file.
  func look() -> Bool {
    guard !isGone, Self.identity(of: path) != identity else { return false }
    return gone.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
  }

  private static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
