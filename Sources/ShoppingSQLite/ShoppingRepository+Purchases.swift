import ShoppingCore
import ShoppingStorage

extension ShoppingRepository {
  /// The records of the newest changes in force — not undos or redos, nor changes taken
  /// back — newest first, as many as fit in `byteBudget` bytes of stored records; a record
  /// over `largest` bytes (a large import) is passed over.
  ///
  /// A bounded scan: the entries the history keeps (at most `historyLimit`) by their key,
  /// with only their records' sizes read (SQLite reads a blob's length without its content),
  /// then only the chosen records.
  public func recentChangeRecords(
    byteBudget: Int, largest: Int
  ) throws(DatabaseError) -> [ChangeRecord] {
    try checkUsable()
    var ids: [Int] = []
    var total = 0
    try connection.query(
      """
      SELECT id, length(record)
        + coalesce((SELECT sum(length(record)) FROM historyPart WHERE entry = history.id), 0)
      FROM history
      WHERE kind = 'change' AND undoneBy IS NULL ORDER BY id DESC
      """, []
    ) { row throws(DatabaseError) in
      let size = Int(row.integer(1))
      guard size <= largest, total + size <= byteBudget else { return }
      total += size
      ids.append(Int(row.integer(0)))
    }
    return try historyRecords(ids).reversed().map(\.change)
  }
}
