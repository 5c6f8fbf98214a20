import NIOCore
import Synchronization

/// The list documents a server answered with last, kept while the database has not changed:
/// a phone reads its list far more often than anyone changes it, and reading the list again
/// and writing its document is most of what a read costs.
///
/// Each document is kept with the database's change stamp read *before* the list was
/// (``ShoppingService/changeStamp()``): a change committed meanwhile makes the stamp move on,
/// so the next read misses and reads again. A document is only ever handed out while the
/// stamp is the one it was read under. Storage that cannot give a stamp (PostgreSQL) keeps
/// nothing here.
final class ListDocumentCache: Sendable {
  /// A list's document, with the history entry it stands at (its `ETag`).
  struct Document: Sendable {
    let body: ByteBuffer
    let version: Int
  }

  private struct Kept {
    let stamp: Int
    let document: Document
  }

  /// How many lists' documents are kept; past it, all are let go and kept afresh.
  private let capacity: Int
  private let kept = Mutex<[String: Kept]>([:])

  init(capacity: Int = 32) {
    self.capacity = capacity
  }

  /// The document of the list `name`, if one was kept under `stamp`.
  func document(named name: String, at stamp: Int) -> Document? {
    kept.withLock { kept in
      guard let found = kept[name] else { return nil }
      guard found.stamp == stamp else {
        kept[name] = nil
        return nil
      }
      return found.document
    }
  }

  /// Keeps the document of the list `name`, read after the database's stamp was `stamp`.
  func keep(_ document: Document, named name: String, at stamp: Int) {
    kept.withLock { kept in
      if kept[name] == nil, kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
      kept[name] = Kept(stamp: stamp, document: document)
    }
  }
}
