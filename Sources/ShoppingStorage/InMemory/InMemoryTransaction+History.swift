import Foundation
import ShoppingCore

// MARK: - History

extension InMemoryTransaction {
  @discardableResult
  public func appendHistory(
    command: String, summary: String, kind: HistoryEntry.Kind, target: Int?, at date: Date,
    by member: String?, change: ChangeRecord
  ) throws(DatabaseError) -> Int {
    try checkUsable(writing: true)
    tables.lastHistoryID += 1
    let id = tables.lastHistoryID
    tables.history.append(
      .init(
        entry: HistoryEntry(
          id: id, at: Timestamp.wholeSeconds(of: date), command: command, summary: summary,
          kind: kind, target: target, by: member),
        change: change))
    tables.history.removeAll { $0.entry.id <= id - HistoryEntry.kept }
    return id
  }

  public func history(limit: Int) throws(DatabaseError) -> [HistoryEntry] {
    try checkUsable()
    return Array(tables.history.reversed().prefix(max(0, limit)).map(\.entry))
  }

  public func historyEntry(_ id: Int) throws(DatabaseError) -> HistoryEntry? {
    try checkUsable()
    return tables.history.first { $0.entry.id == id }?.entry
  }

  public func historyLinks() throws(DatabaseError) -> HistoryLinks {
    try checkUsable()
    return HistoryLinks(tables.history.map(\.entry))
  }

  public func historyRecords(
    _ ids: [Int]
  ) throws(DatabaseError) -> [(entry: HistoryEntry, change: ChangeRecord)] {
    try checkUsable()
    let wanted = Set(ids)
    return tables.history.filter { wanted.contains($0.entry.id) }.map { ($0.entry, $0.change) }
  }

  public func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    try checkUsable()
    return tables.history.first { $0.entry.id == id }?.change
  }

  public func storeUndoneMarks(_ links: HistoryLinks) throws(DatabaseError) {
    try checkUsable(writing: true)
    for index in tables.history.indices {
      tables.history[index].entry.undoneBy = links.undoneBy[tables.history[index].entry.id]
    }
  }

  public func newestHistoryID() throws(DatabaseError) -> Int {
    try checkUsable()
    return tables.history.last?.entry.id ?? 0
  }

  /// Measures a record by the rows it holds (about what the SQLite storage's encoding of it
  /// takes), as the budget is given in bytes.
  public func recentChangeRecords(
    byteBudget: Int, largest: Int
  ) throws(DatabaseError) -> [ChangeRecord] {
    try checkUsable()
    var found: [ChangeRecord] = []
    var total = 0
    for row in tables.history.reversed()
    where row.entry.kind == .change && row.entry.undoneBy == nil {
      let size = Self.size(of: row.change)
      guard size <= largest, total + size <= byteBudget else { continue }
      total += size
      found.append(row.change)
    }
    return found
  }

  private static func size(of change: ChangeRecord) -> Int {
    let listProducts = change.lists.values.reduce(0) { $0 + $1.products.count }
    return 8 + change.steps.count * 40 + (change.products.count + listProducts) * 100
      + change.lists.count * 40 + change.orders.values.reduce(0) { $0 + $1.count * 16 }
  }
}
