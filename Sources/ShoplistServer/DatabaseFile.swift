import ShoppingService
import Synchronization

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
  private let service: ShoppingService
  private let gone = Atomic(false)

  /// The file `service` opened; nil when its storage is not a file (a PostgreSQL database).
  init?(of service: ShoppingService) {
    guard service.storageIsAFile else { return nil }
    self.path = service.storage.location
    self.service = service
  }

  /// Whether the path was seen to lead elsewhere, or nowhere. Once gone, always gone.
  var isGone: Bool { gone.load(ordering: .relaxed) }

  /// Looks at the path again; returns true the first time it no longer leads to the file.
  func look() -> Bool {
    guard !isGone, service.storageFileWasReplaced else { return false }
    return gone.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
  }
}
