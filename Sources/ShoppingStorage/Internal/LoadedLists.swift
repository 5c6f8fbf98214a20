import Foundation
import Synchronization

/// Which lists a store's last committed state had loaded, so that a store recovering from a
/// failed send reloads exactly those.
///
/// The store cannot be asked (its state is locked while it recovers), so the reducer proposes
/// the loaded lists after each reduction and the executor commits the proposal once the
/// effects are written. Ids, not names, survive renames.
final class LoadedLists: Sendable {
  private struct Lists {
    var proposed: [UUID]
    var committed: [UUID]
  }

  private let lists: Mutex<Lists>

  init(_ ids: [UUID]) {
    lists = Mutex(Lists(proposed: ids, committed: ids))
  }

  var committed: Set<UUID> {
    Set(lists.withLock { $0.committed })
  }

  func propose(_ ids: [UUID]) {
    lists.withLock { $0.proposed = ids }
  }

  func commit() {
    lists.withLock { $0.committed = $0.proposed }
  }
}
