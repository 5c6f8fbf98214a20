import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Import support

extension ShoppingRepository {
  /// The list each of `ids` belongs to, for the ids some product has.
  ///
  /// An import uses it to tell the row ids that name an item of the list the row goes to from
  /// those that belong to another list's item: such an id must not be given to a new item,
  /// since product ids are unique across lists.
  ///
  /// ```swift
  /// let owners = try repository.listsOfProducts(rows.compactMap(\.id))
  /// ```
  ///
  /// - Parameter ids: The ids to look up.
  /// - Returns: The list of every id found; ids of no product are absent.
  public func listsOfProducts(
    _ ids: some Collection<UUID>
  ) throws(DatabaseError) -> [UUID: ShoppingList.ID] {
    try checkUsable()
    var owners: [UUID: ShoppingList.ID] = [:]
    guard !ids.isEmpty else { return owners }
    // One statement for the whole batch: the ids travel as one JSON array parameter, which
    // keeps clear of SQLite's limit on the number of parameters.
    try connection.query(
      "SELECT id, listId FROM product WHERE id IN (SELECT value FROM json_each(?))",
      [.text(jsonArray(ids.map(\.canonicalText)))]
    ) { row throws(DatabaseError) in
      if let id = UUID(canonical: row.text(0)), let list = UUID(canonical: row.text(1)) {
        owners[id] = list
      }
    }
    return owners
  }

  /// Whether the list has no items.
  ///
  /// An import into a list that was empty when it began knows that only the items it added
  /// itself can match the names of its later rows, so it need not look the others up.
  ///
  /// - Parameter listID: The list.
  public func listIsEmpty(_ listID: ShoppingList.ID) throws(DatabaseError) -> Bool {
    try checkUsable()
    let found = try connection.integer(
      "SELECT EXISTS (SELECT 1 FROM product WHERE listId = ?)", [.id(listID)]
    )
    return found == 0
  }
}
