import Foundation
import ShoppingStorage

/// A statement that names many products by id, `… WHERE id IN (?, ?, …)`, run for a long
/// list of ids a chunk at a time: running a statement costs SQLite about as much as the B-tree
/// work for one row, so an undo that removes a large import's rows reads and deletes them
/// ``size`` to a statement rather than one.
struct IDChunkStatement: Sendable {
  /// The most ids one statement binds.
  static let size = 250

  private let prefix: String
  /// The text for a full chunk, made once.
  private let full: String

  /// `prefix` followed by the list of placeholders: `"DELETE FROM product WHERE id IN "`.
  init(_ prefix: String) {
    self.prefix = prefix
    full = prefix + Self.placeholders(Self.size)
  }

  /// The statement's text for `count` ids.
  func text(for count: Int) -> String {
    count == Self.size ? full : prefix + Self.placeholders(count)
  }

  private static func placeholders(_ count: Int) -> String {
    "(?" + String(repeating: ", ?", count: max(0, count - 1)) + ")"
  }
}

extension ShoppingRepository {
  /// Calls `body` with `ids` in runs of at most ``IDChunkStatement/size``, each with its ids
  /// as statement values.
  func forEachChunk(
    of ids: [UUID],
    _ body: (_ chunk: ArraySlice<UUID>, _ values: [SQLValue]) throws(DatabaseError) -> Void
  ) throws(DatabaseError) {
    var start = ids.startIndex
    while start < ids.endIndex {
      let end = min(start + IDChunkStatement.size, ids.endIndex)
      var values: [SQLValue] = []
      values.reserveCapacity(end - start)
      for index in start..<end { values.append(.id(ids[index])) }
      try body(ids[start..<end], values)
      start = end
    }
  }
}
