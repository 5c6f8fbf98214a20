import Foundation
import ShoppingStorage

// The lists' own order: their rowids (see migration 11).
extension ShoppingRepository {
  /// Puts the lists `order` names in that order among the rowids they hold: through negative
  /// keys, so that no row takes a key still held.
  func reorderLists(_ order: [UUID]) throws(DatabaseError) {
    var keys: [Int64] = []
    for id in order {
      guard let key = try connection.integer("SELECT rowid FROM list WHERE id = ?", [.id(id)])
      else {
        throw DatabaseError(
          reason: .rowNotFound, path: connection.path, message: "no list with id \(id.uuidString)")
      }
      keys.append(Int64(key))
    }
    for (id, key) in zip(order, keys.sorted()) {
      try connection.run("UPDATE list SET rowid = ? WHERE id = ?", [.integer(-key), .id(id)])
    }
    try connection.run("UPDATE list SET rowid = -rowid WHERE rowid < 0")
  }
}
