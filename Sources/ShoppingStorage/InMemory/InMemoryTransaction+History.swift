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
    // The parts stored so far, if any, are the entry's first parts.
    let parts = recording?.claimPendingEntry()
    let id = parts ?? tables.lastHistoryID + 1
    tables.lastHistoryID = id
    if parts == nil { tables.historyParts[id] = nil }
    tables.history.append(
      .init(
        entry: HistoryEntry(
          id: id, at: Timestamp.wholeSeconds(of: date), command: command, summary: summary,
          kind: kind, target: target, by: member),
        change: change))
    tables.history.removeAll { $0.entry.id <= id - HistoryEntry.kept }
    for entry in tables.historyParts.keys where entry <= id - HistoryEntry.kept {
      tables.historyParts[entry] = nil
    }
    return id
  }

  public func storeRecordPart(
    _ part: ChangeRecord, index: Int, entry: Int?
  ) throws(DatabaseError) -> Int {
    try checkUsable(writing: true)
    let entry = entry ?? tables.lastHistoryID + 1
    var parts = index == 0 ? [] : tables.historyParts[entry] ?? []
    parts.append(part)
    tables.historyParts[entry] = parts
    return entry
  }

  public func discardRecordParts(ofEntry entry: Int) {
    tables.historyParts[entry] = nil
  }

  public func historyPartCount(_ id: Int) throws(DatabaseError) -> Int? {
    try checkUsable()
    guard tables.history.contains(where: { $0.entry.id == id }) else { return nil }
    return (tables.historyParts[id]?.count ?? 0) + 1
  }

  public func historyPart(
    _ id: Int, _ index: Int, of count: Int
  ) throws(DatabaseError) -> ChangeRecord {
    try checkUsable()
    let parts = tables.historyParts[id] ?? []
    if index < parts.count { return parts[index] }
    return tables.history.first { $0.entry.id == id }?.change ?? ChangeRecord()
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
    var found: [(entry: HistoryEntry, change: ChangeRecord)] = []
    for row in tables.history where wanted.contains(row.entry.id) {
      found.append((row.entry, try appendedHistoryParts(row.entry.id) ?? row.change))
    }
    return found
  }

  public func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    try appendedHistoryParts(id)
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
}
