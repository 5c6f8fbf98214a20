import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// MARK: - History

extension PostgresTransaction {
  @discardableResult
  public func appendHistory(
    command: String, summary: String, kind: HistoryEntry.Kind, target: Int?, at date: Date,
    by member: String?, change: ChangeRecord
  ) throws(DatabaseError) -> Int {
    try checkUsable(writing: true)
    // The recorder's parts written so far, if any, are the entry's first parts.
    let parts = recording?.claimPendingEntry().map(Int64.init)
    var binds = PostgresBindings()
    binds.append(Timestamp.wholeSeconds(of: date))
    binds.append(command)
    binds.append(summary)
    binds.append(kind.rawValue)
    binds.append(target.map(Int64.init))
    binds.append(member)
    binds.append(ByteBuffer(bytes: ChangeRecordCodec.encode(change)))
    binds.append(parts)
    guard
      let id = try session.query(
        """
        INSERT INTO history (id, at, command, summary, kind, target, by, record)
        VALUES (
          coalesce($8, (SELECT coalesce(max(id), 0) + 1 FROM history)), $1, $2, $3, $4, $5, $6,
          $7)
        RETURNING id
        """, binds
      ).first?.integer(0)
    else { throw corrupt("no history entry was written") }
    if parts == nil {
      // Left by a transaction that restarted its recording and could not clear them.
      try run("DELETE FROM history_part WHERE entry = $1", id)
    }
    try run("DELETE FROM history WHERE id <= $1", id - Int64(HistoryEntry.kept))
    try run("DELETE FROM history_part WHERE entry <= $1", id - Int64(HistoryEntry.kept))
    return Int(id)
  }

  private static let historyColumns = "id, at, command, summary, kind, target, undone_by, by"

  private func entries(
    _ clause: String, _ binds: PostgresBindings = PostgresBindings()
  ) throws(DatabaseError) -> [HistoryEntry] {
    try checkUsable()
    return try session.query("SELECT \(Self.historyColumns) FROM history " + clause, binds).map {
      row throws(DatabaseError) in try entry(row)
    }
  }

  private func entry(_ row: Row) throws(DatabaseError) -> HistoryEntry {
    guard let kind = HistoryEntry.Kind(rawValue: try row.text(4)) else {
      throw corrupt("invalid history entry")
    }
    return HistoryEntry(
      id: Int(try row.integer(0)), at: try row.date(1), command: try row.text(2),
      summary: try row.text(3), kind: kind, target: try row.optionalInteger(5).map(Int.init),
      undoneBy: try row.optionalInteger(6).map(Int.init), by: try row.optionalText(7))
  }

  private func change(_ row: Row, _ column: Int) throws(DatabaseError) -> ChangeRecord {
    guard let change = ChangeRecordCodec.decode(try row.bytes(column)) else {
      throw corrupt("invalid history record")
    }
    return change
  }

  public func history(limit: Int) throws(DatabaseError) -> [HistoryEntry] {
    var binds = PostgresBindings()
    binds.append(Int64(max(0, limit)))
    return try entries("ORDER BY id DESC LIMIT $1", binds)
  }

  public func historyEntry(_ id: Int) throws(DatabaseError) -> HistoryEntry? {
    var binds = PostgresBindings()
    binds.append(Int64(id))
    return try entries("WHERE id = $1", binds).first
  }

  public func historyLinks() throws(DatabaseError) -> HistoryLinks {
    HistoryLinks(try entries("ORDER BY id"))
  }

  public func historyRecords(
    _ ids: [Int]
  ) throws(DatabaseError) -> [(entry: HistoryEntry, change: ChangeRecord)] {
    try checkUsable()
    guard !ids.isEmpty else { return [] }
    var binds = PostgresBindings()
    binds.append(ids.map(Int64.init))
    var parts: [Int: ChangeRecord] = [:]
    for row in try session.query(
      "SELECT entry, record FROM history_part WHERE entry = ANY($1) ORDER BY entry, part", binds)
    {
      parts[Int(try row.integer(0)), default: ChangeRecord()].append(try change(row, 1))
    }
    return try session.query(
      "SELECT \(Self.historyColumns), record FROM history WHERE id = ANY($1) ORDER BY id", binds
    ).map { row throws(DatabaseError) in
      let entry = try entry(row)
      var whole = parts.removeValue(forKey: entry.id) ?? ChangeRecord()
      whole.append(try change(row, 8))
      return (entry, whole)
    }
  }

  /// What the entry numbered `id` changed and overwrote, whole (its parts appended).
  public func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    try appendedHistoryParts(id)
  }

  /// How many parts the entry's record has (its own record the last), if the history has it.
  public func historyPartCount(_ id: Int) throws(DatabaseError) -> Int? {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(Int64(id))
    guard
      let row = try session.query(
        """
        SELECT (SELECT count(*) FROM history_part WHERE entry = $1) FROM history WHERE id = $1
        """, binds
      ).first
    else { return nil }
    return Int(try row.integer(0)) + 1
  }

  public func historyPart(
    _ id: Int, _ index: Int, of count: Int
  ) throws(DatabaseError) -> ChangeRecord {
    var binds = PostgresBindings()
    binds.append(Int64(id))
    let rows: [Row]
    if index == count - 1 {
      rows = try session.query("SELECT record FROM history WHERE id = $1", binds)
    } else {
      binds.append(Int32(index))
      rows = try session.query(
        "SELECT record FROM history_part WHERE entry = $1 AND part = $2", binds)
    }
    guard let row = rows.first else {
      throw corrupt("history entry \(id) lacks part \(index + 1) of its record")
    }
    return try change(row, 0)
  }

  public func storeUndoneMarks(_ links: HistoryLinks) throws(DatabaseError) {
    try checkUsable(writing: true)
    for entry in links.entries where entry.undoneBy != links.undoneBy[entry.id] {
      var binds = PostgresBindings()
      binds.append(links.undoneBy[entry.id].map(Int64.init))
      binds.append(Int64(entry.id))
      try session.execute("UPDATE history SET undone_by = $1 WHERE id = $2", binds)
    }
  }

  public func newestHistoryID() throws(DatabaseError) -> Int {
    try checkUsable()
    return Int(try session.query("SELECT coalesce(max(id), 0) FROM history").first?.integer(0) ?? 0)
  }
}
