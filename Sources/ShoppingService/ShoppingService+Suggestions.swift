import ShoppingCore
import ShoppingStorage

// MARK: - Suggestions

extension ShoppingService {
  /// How many suggestions ``boughtItems(matching:notOn:limit:)`` gives unless told.
  public static let suggestionLimit = 20

  /// Items bought before (see `ShoppingCore/BoughtItems`) whose names contain `text`,
  /// compared as ``find(_:)`` compares (case and accents ignored), that are not on the list
  /// `list` now: most often bought first, then the most recently bought; read from one
  /// snapshot.
  ///
  /// Reads the records of the newest changes in force, at most a few megabytes of them (see
  /// `ShoppingStorage/HistoryStorage/recentChangeRecords(byteBudget:largest:)`): a
  /// bounded scan, whatever the history holds.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)`, or the database's error.
  public func boughtItems(
    matching text: String, notOn list: String, limit: Int = suggestionLimit
  ) throws -> [BoughtItems.Item] {
    let (records, listed) = try readList(named: list) { repository, header in
      let records = try repository.recentChangeRecords(
        byteBudget: Self.suggestionBudget, largest: Self.suggestionBudget / 4)
      let names = try repository.loadList(header).products.map { NameKey(lookingUp: $0.name) }
      return (records, Set(names))
    }
    var bought = BoughtItems()
    for record in records { bought.add(record) }
    let needle = Self.folded(text)
    return Array(
      bought.items.lazy.filter { item in
        !listed.contains(NameKey(lookingUp: item.name))
          && (needle.isEmpty || Self.folded(item.name).contains(needle))
      }.prefix(max(0, limit)))
  }

  /// How many bytes of history records suggestions read at most.
  static let suggestionBudget = 4 << 20
}
