import Foundation
import ShoppingCore

// MARK: - Import support

extension ShoppingRepository {
  /// Which of `ids` belong to a product in the database, in any list.
  ///
  /// An import uses it to find row ids that belong to items of lists it has not loaded: such
  /// an id must not be given to a new item, since product ids are unique across lists.
  ///
  /// ```swift
  /// let taken = try repository.existingProductIDs(among: rows.compactMap(\.id))
  /// ```
  ///
  /// - Parameter ids: The ids to look up.
  /// - Returns: Those of `ids` that some product has.
  public func existingProductIDs(among ids: [UUID]) throws(DatabaseError) -> Set<UUID> {
    try checkUsable()
    var found = Set<UUID>()
    guard !ids.isEmpty else { return found }
    // One statement for the whole batch: the ids travel as one JSON array parameter, which
    // keeps clear of SQLite's limit on the number of parameters.
    let array = "[" + ids.map { "\"\($0.uuidString)\"" }.joined(separator: ",") + "]"
    try connection.query(
      "SELECT id FROM product WHERE id IN (SELECT value FROM json_each(?))", [.text(array)]
    ) { row throws(DatabaseError) in
      if let id = UUID(uuidString: row.text(0)) { found.insert(id) }
    }
    return found
  }
}
