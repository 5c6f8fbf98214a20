import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Who changed what

/// One item of a list that a history entry added, changed or removed, for a page that shows
/// others' changes as they happen ("Bread, added by Ana").
public struct ItemActivity: Equatable, Sendable {
  /// What became of the item, judged by how it is now.
  public enum Change: String, Sendable {
    /// The item was not on the list before.
    case added
    /// Its name, amount, category or note changed.
    case changed
    /// It was checked off.
    case checked
    /// Its check was taken off.
    case unchecked
    /// It is no longer on the list.
    case removed
  }

  /// The history entry that made the change: its number, label and `by`.
  public var entry: HistoryEntry
  /// The item.
  public var itemID: Product.ID
  /// Its name now, or its last name if it is gone.
  public var name: String
  /// What became of it.
  public var change: Change

  /// Creates an activity.
  public init(entry: HistoryEntry, itemID: Product.ID, name: String, change: Change) {
    self.entry = entry
    self.itemID = itemID
    self.name = name
    self.change = change
  }
}

extension ShoppingService {
  /// How many entries ``activity(onList:after:)`` reads at most: the newest ones.
  public static let activityLimit = 50

  /// The items of the list `list` that history entries after `entry` added, changed or
  /// removed, oldest entry first, read from one snapshot; and the newest entry's number.
  /// At most the newest ``activityLimit`` entries are read.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)`, or the database's error.
  public func activity(
    onList list: String, after entry: Int
  ) throws -> (newest: Int, items: [ItemActivity]) {
    try readList(named: list) { repository, header in
      let newest = try repository.newestHistoryID()
      let first = max(entry + 1, newest - Self.activityLimit + 1)
      guard first <= newest else { return (newest, []) }
      let records = try repository.historyRecords(Array(first...newest))
      let now = try repository.loadList(header).products
      var activity: [ItemActivity] = []
      // Within one entry, items in list order (those gone last, by name).
      let place = { (item: ItemActivity) in now.index(id: item.itemID) ?? now.count }
      for (found, change) in records {
        let start = activity.count
        defer {
          activity[start...].sort { (place($0), $0.name) < (place($1), $1.name) }
        }
        for (id, listID) in change.addedTo where listID == header.id {
          guard let product = now[id: id] else { continue }
          activity.append(ItemActivity(entry: found, itemID: id, name: product.name, change: .added))
        }
        for (id, before) in change.products where before.listID == header.id {
          guard change.addedTo[id] == nil else { continue }
          let kind: ItemActivity.Change
          let name: String
          if let product = now[id: id] {
            name = product.name
            kind =
              product.isChecked == before.product.isChecked
              ? .changed : product.isChecked ? .checked : .unchecked
          } else {
            name = before.product.name
            kind = .removed
          }
          activity.append(ItemActivity(entry: found, itemID: id, name: name, change: kind))
        }
      }
      return (newest, activity)
    }
  }
}
