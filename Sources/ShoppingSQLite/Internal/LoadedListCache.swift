import ShoppingCore
import Synchronization

/// The list the last write left whole, kept to answer the next load of it without reading its
/// items: a server answering every change with the whole list would otherwise read it all
/// again, inside the write, on every request.
///
/// The list is handed out only while the database is exactly as the write left it: no other
/// connection has committed since (SQLite's `PRAGMA data_version` on this connection is
/// unchanged) and this connection has changed no row since (its count of changed rows, which
/// only grows, is unchanged). A transaction rolled back after the list was kept, in whole or
/// in part, makes the database forget it (``forget()``), since rolling back leaves that count
/// as it was.
final class LoadedListCache: Sendable {
  /// When the kept list was as the database holds it.
  struct Stamp: Equatable {
    /// `PRAGMA data_version`: moves on when another connection commits.
    var dataVersion: Int
    /// Rows this connection has inserted, updated or deleted since it opened.
    var rowsChanged: Int
  }

  private let entry = Mutex<(list: ShoppingList, stamp: Stamp)?>(nil)
  /// How many loads the kept list answered, for tests.
  let hits = Atomic<Int>(0)

  /// Whether a list with the id `id` is kept, whether or not it still holds: asked first, so
  /// that a load finding none asks the database nothing more.
  func isKeeping(_ id: ShoppingList.ID) -> Bool {
    entry.withLock { $0?.list.id == id }
  }

  /// The kept list with `header`'s identity, name and creation, if it still holds at `stamp`.
  func list(for header: ShoppingList, at stamp: Stamp) -> ShoppingList? {
    entry.withLock { entry in
      guard let (list, kept) = entry, kept == stamp, list.id == header.id,
        list.name == header.name, list.createdAt == header.createdAt
      else { return nil }
      hits.add(1, ordering: .relaxed)
      return list
    }
  }

  /// Keeps `list`, as the database holds it at `stamp`, in place of any list kept before.
  func keep(_ list: ShoppingList, at stamp: Stamp) {
    entry.withLock { $0 = list.isLoaded ? (list, stamp) : nil }
  }

  func forget() {
    entry.withLock { $0 = nil }
  }
}
