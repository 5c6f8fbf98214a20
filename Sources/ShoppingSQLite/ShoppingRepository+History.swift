import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - History

extension ShoppingRepository {
  /// Adds an entry for `change`, made in this transaction, and drops the entries past
  /// `ShoppingCore/HistoryEntry/kept` in the same transaction.
  ///
  /// When parts of the change were stored already (`storeRecordPart(_:index:entry:)`), they
  /// are the entry's first parts and `change` its last.
  ///
  /// - Parameters:
  ///   - command: The command as history shows it.
  ///   - summary: What the change did, in words.
  ///   - kind: A change, an undo or a redo.
  ///   - target: The entry an undo or redo takes back or makes again.
  ///   - date: When the change was made.
  ///   - member: The name of the member who made the change, if a member did.
  ///   - change: What the change did, as the recorder kept it.
  /// - Returns: The new entry's number.
  @discardableResult
  public func appendHistory(
    command: String, summary: String, kind: HistoryEntry.Kind, target: Int?,
    at date: Date, by member: String?, change: ChangeRecord
  ) throws(DatabaseError) -> Int {
    try checkUsable(writing: true)
    let parts = recording?.claimPendingEntry()
    // The new entry's number is its rowid, read back without RETURNING: SQLite would collect
    // the returned row in a table of its own first.
    try connection.run(
      """
      INSERT INTO history (id, at, command, summary, kind, target, by, record)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        parts.map { .integer(Int64($0)) } ?? .null, .date(date), .text(command), .text(summary),
        .text(kind.rawValue), target.map { .integer(Int64($0)) } ?? .null, .text(member),
        .bytes(ChangeRecordCodec.encode(change)),
      ]
    )
    let id = Int(connection.lastInsertedRowID)
    if parts == nil {
      // Left by a transaction that restarted its recording and could not clear them.
      try connection.run("DELETE FROM historyPart WHERE entry = ?", [.integer(Int64(id))])
    }
    let oldest: [SQLValue] = [.integer(Int64(id - HistoryEntry.kept))]
    try connection.run("DELETE FROM history WHERE id <= ?", oldest)
    try connection.run("DELETE FROM historyPart WHERE entry <= ?", oldest)
    return id
  }

  /// The newest entries first, at most `limit` of them.
  public func history(limit: Int) throws(DatabaseError) -> [HistoryEntry] {
    try entries("ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))])
  }

  /// The entry numbered `id`, if the history still has it.
  public func historyEntry(_ id: Int) throws(DatabaseError) -> HistoryEntry? {
    try entries("WHERE id = ?", [.integer(Int64(id))]).first
  }

  /// Every entry the history keeps, without what they changed: what `HistoryLinks` works
  /// out what is in force from.
  public func historyLinks() throws(DatabaseError) -> HistoryLinks {
    HistoryLinks(try entries("ORDER BY id", []))
  }

  /// The entries numbered `ids` that the history still has, oldest first, with their
  /// records whole (their parts appended).
  public func historyRecords(
    _ ids: [Int]
  ) throws(DatabaseError) -> [(entry: HistoryEntry, change: ChangeRecord)] {
    var found: [(HistoryEntry, ChangeRecord)] = []
    guard !ids.isEmpty else { return found }
    try checkUsable()
    let list: [SQLValue] = [.text("[" + ids.map(String.init).joined(separator: ",") + "]")]
    var parts: [Int: ChangeRecord] = [:]
    try connection.query(
      "SELECT entry, record FROM historyPart "
        + "WHERE entry IN (SELECT value FROM json_each(?)) ORDER BY entry, part",
      list
    ) { row throws(DatabaseError) in
      let part = try change(row, 1)
      parts[Int(row.integer(0)), default: ChangeRecord()].append(part)
    }
    try connection.query(
      "SELECT \(Self.historyColumns), record FROM history "
        + "WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
      list
    ) { row throws(DatabaseError) in
      let entry = try historyEntry(row)
      var whole = parts.removeValue(forKey: entry.id) ?? ChangeRecord()
      whole.append(try change(row, 8))
      found.append((entry, whole))
    }
    return found
  }

  /// What the entry numbered `id` changed and overwrote, whole (its parts appended).
  public func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    try appendedHistoryParts(id)
  }

  /// How many parts the entry's record has (its own record the last), if the history has it.
  public func historyPartCount(_ id: Int) throws(DatabaseError) -> Int? {
    try checkUsable()
    let entry: SQLValue = .integer(Int64(id))
    guard try connection.integer("SELECT count(*) FROM history WHERE id = ?", [entry]) == 1
    else { return nil }
    return try (connection.integer("SELECT count(*) FROM historyPart WHERE entry = ?", [entry])
      ?? 0) + 1
  }

  public func historyPart(
    _ id: Int, _ index: Int, of count: Int
  ) throws(DatabaseError) -> ChangeRecord {
    try checkUsable()
    var record: ChangeRecord?
    if index == count - 1 {
      try connection.query("SELECT record FROM history WHERE id = ?", [.integer(Int64(id))]) {
        row throws(DatabaseError) in record = try change(row, 0)
      }
    } else {
      try connection.query(
        "SELECT record FROM historyPart WHERE entry = ? AND part = ?",
        [.integer(Int64(id)), .integer(Int64(index))]
      ) { row throws(DatabaseError) in record = try change(row, 0) }
    }
    guard let record else {
      throw DatabaseError(
        reason: .corrupt, path: connection.path,
        message: "history entry \(id) lacks part \(index + 1) of its record")
    }
    return record
  }

  /// Stores the marks `links` works out (`HistoryLinks/undoneBy`) on every entry whose
  /// stored mark differs: which entries are taken back, and by which entry in force.
  public func storeUndoneMarks(_ links: HistoryLinks) throws(DatabaseError) {
    try checkUsable(writing: true)
    for entry in links.entries where entry.undoneBy != links.undoneBy[entry.id] {
      try connection.run(
        "UPDATE history SET undoneBy = ? WHERE id = ?",
        [links.undoneBy[entry.id].map { .integer(Int64($0)) } ?? .null, .integer(Int64(entry.id))]
      )
    }
  }

  /// The number of the newest entry, or 0: it grows with every change, so a reader polling it
  /// learns of changes made by any process.
  public func newestHistoryID() throws(DatabaseError) -> Int {
    try checkUsable()
    return try connection.integer("SELECT max(id) FROM history") ?? 0
  }

  private static let historyColumns = "id, at, command, summary, kind, target, undoneBy, by"

  private func entries(
    _ clause: String, _ values: [SQLValue]
  ) throws(DatabaseError) -> [HistoryEntry] {
    try checkUsable()
    var entries: [HistoryEntry] = []
    try connection.query(
      "SELECT \(Self.historyColumns) FROM history " + clause, values
    ) { row throws(DatabaseError) in
      entries.append(try historyEntry(row))
    }
    return entries
  }

  private func historyEntry(_ row: Row) throws(DatabaseError) -> HistoryEntry {
    guard let at = row.date(1), let kind = HistoryEntry.Kind(rawValue: row.text(4)) else {
      throw DatabaseError(
        reason: .corrupt, path: connection.path, message: "invalid history entry"
      )
    }
    return HistoryEntry(
      id: Int(row.integer(0)), at: at, command: row.text(2), summary: row.text(3), kind: kind,
      target: row.isNull(5) ? nil : Int(row.integer(5)),
      undoneBy: row.isNull(6) ? nil : Int(row.integer(6)), by: row.optionalText(7)
    )
  }

  private func change(_ row: Row, _ column: Int32) throws(DatabaseError) -> ChangeRecord {
    guard let bytes = row.blob(column), let change = ChangeRecordCodec.decode(bytes) else {
      throw DatabaseError(
        reason: .corrupt, path: connection.path, message: "invalid history record"
      )
    }
    return change
  }
}

// MARK: - Checking an undo

extension ShoppingRepository {
  /// Every list's id and name, for `ShoppingCore/RevertCheck`.
  public func listNames() throws(DatabaseError) -> [StoredName] {
    try checkUsable()
    var names: [StoredName] = []
    try connection.query("SELECT id, name FROM list") { row throws(DatabaseError) in
      guard let id = row.uuid(0) else {
        throw DatabaseError(reason: .corrupt, path: connection.path, message: "invalid list.id")
      }
      names.append(StoredName(id: id, name: row.text(1)))
    }
    return names
  }

  /// The items holding the name keys `keys` in each list, for `ShoppingCore/RevertCheck`:
  /// one query a list, however many keys.
  public func itemNames(
    _ keys: [ShoppingList.ID: Set<NameKey>]
  ) throws(DatabaseError) -> [ShoppingList.ID: [StoredName]] {
    try checkUsable()
    var found: [ShoppingList.ID: [StoredName]] = [:]
    for (listID, listKeys) in keys where !listKeys.isEmpty {
      try connection.query(
        """
        SELECT id, name FROM product
        WHERE listId = ? AND nameKey IN (SELECT value FROM json_each(?))
        """,
        [.id(listID), .text(jsonArray(listKeys.map(\.value)))]
      ) { row throws(DatabaseError) in
        guard let id = row.uuid(0) else {
          throw DatabaseError(
            reason: .corrupt, path: connection.path, message: "invalid product.id")
        }
        found[listID, default: []].append(StoredName(id: id, name: row.text(1)))
      }
    }
    return found
  }
}
