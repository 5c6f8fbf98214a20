import ShoppingCore
import ShoppingStorage

/// Watching for changes: what a server or another front end asks to learn that anyone — this
/// service, the command line, another process — changed something, and which lists.
extension ShoppingService {
  /// An element after each change committed anywhere, when the storage announces them
  /// (PostgreSQL); nil when it must be asked instead (an SQLite file).
  public func changeAnnouncements() -> AsyncStream<Void>? {
    (storage as? any ChangeAnnouncing)?.announcements()
  }

  /// The number of the newest history entry (0 for none): changes made by anyone — this
  /// service, the command line, another process — raise it.
  public func newestChange() throws -> Int {
    try storage.read { try $0.newestHistoryID() }
  }

  /// The lists that history entries after `entry` changed, by their current names (a deleted
  /// list by its last name), and the newest entry's number.
  ///
  /// - Parameter entry: The newest entry already seen.
  public func listsChanged(after entry: Int) throws -> (newest: Int, lists: [String]) {
    let changes = try changes(after: entry)
    return (changes.newest, changes.lists)
  }

  /// What history entries after an entry changed: the lists, by their current names, and
  /// whether the household's shops or the order of its lists changed.
  public struct Changes: Equatable, Sendable {
    /// The newest entry's number.
    public var newest: Int
    /// The lists changed: their items, name, place, default mark or usual shop (a deleted list
    /// by its last name).
    public var lists: [String]
    /// Whether a shop, the default shop or the order of the lists changed.
    public var household: Bool
  }

  /// What history entries after `entry` changed.
  ///
  /// - Parameter entry: The newest entry already seen.
  public func changes(after entry: Int) throws -> Changes {
    try storage.read { repository in
      let newest = try repository.newestHistoryID()
      guard newest > entry else { return Changes(newest: newest, lists: [], household: false) }
      let current = try repository.loadState(loadingListsNamed: [])
      var names: [String] = []
      var household = false
      func note(_ id: ShoppingList.ID, _ record: ChangeRecord) {
        guard let name = current.lists[id: id]?.name ?? record.lists[id]?.name else { return }
        if !names.contains(name) { names.append(name) }
      }
      // Past the history's length, earlier entries are gone: anything may have changed.
      guard newest - entry <= Self.historyLimit else {
        return Changes(newest: newest, lists: current.lists.map(\.name), household: true)
      }
      // Part by part: a large import's record is not held whole to learn its one list.
      for id in (entry + 1)...newest {
        _ = try repository.historyParts(of: id, newestFirst: false) { record in
          let touched = record.touched
          let lists = touched.lists.union(touched.listsOfProducts).union(touched.orders)
            .union(touched.markedLists).union(touched.listShops)
          for list in lists { note(list, record) }
          household = household || !touched.shops.isEmpty || !touched.settings.isEmpty
        }
      }
      return Changes(newest: newest, lists: names, household: household)
    }
  }

  /// How many entries history keeps.
  static var historyLimit: Int { HistoryEntry.kept }
}
