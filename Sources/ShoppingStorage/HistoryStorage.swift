import Foundation
import ShoppingCore

/// The history as one transaction reads and extends it: numbered entries, each with the
/// record of what its change did and overwrote (enough to undo it), the newest
/// `ShoppingCore/HistoryEntry/kept` of them kept.
///
/// The newest entry's number only grows: a reader polling ``newestHistoryID()`` learns of
/// every change, whoever made it.
public protocol HistoryStorage: AnyObject {
  /// Adds an entry for `change`, made in this transaction, and drops the entries past
  /// `ShoppingCore/HistoryEntry/kept` in the same transaction.
  ///
  /// - Returns: The new entry's number.
  @discardableResult
  func appendHistory(
    command: String, summary: String, kind: HistoryEntry.Kind, target: Int?, at date: Date,
    by member: String?, change: ChangeRecord
  ) throws(DatabaseError) -> Int

  /// The newest entries first, at most `limit` of them.
  func history(limit: Int) throws(DatabaseError) -> [HistoryEntry]

  /// The entry numbered `id`, if the history still has it.
  func historyEntry(_ id: Int) throws(DatabaseError) -> HistoryEntry?

  /// Every entry the history keeps, without their records.
  func historyLinks() throws(DatabaseError) -> HistoryLinks

  /// The entries numbered `ids` that the history still has, oldest first, with their records.
  func historyRecords(
    _ ids: [Int]
  ) throws(DatabaseError) -> [(entry: HistoryEntry, change: ChangeRecord)]

  /// What the entry numbered `id` changed and overwrote.
  func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord?

  /// How many parts the record of the entry numbered `id` has, if the history has the entry:
  /// a large change's record is kept in parts, each to be taken back alone (see
  /// `ShoppingCore/ChangeRecord/append(_:)`): those that
  /// ``EffectEngine/storeRecordPart(_:index:entry:)`` stored, and the last the entry holds.
  func historyPartCount(_ id: Int) throws(DatabaseError) -> Int?

  /// The part `index` (oldest first, from 0) of the record of the entry numbered `id`, which
  /// has `count` parts.
  func historyPart(_ id: Int, _ index: Int, of count: Int) throws(DatabaseError) -> ChangeRecord

  /// Stores the marks `links` works out: which entries are taken back, and by which.
  func storeUndoneMarks(_ links: HistoryLinks) throws(DatabaseError)

  /// The number of the newest entry, or 0.
  func newestHistoryID() throws(DatabaseError) -> Int
}

extension HistoryStorage {
  /// Calls `body` with each part of the record of the entry numbered `id`, oldest or newest
  /// first, one part in memory at a time: what an undo of a large change needs.
  ///
  /// - Returns: Whether the history still has the entry.
  public func historyParts(
    of id: Int, newestFirst: Bool, _ body: (ChangeRecord) throws -> Void
  ) throws -> Bool {
    guard let count = try historyPartCount(id) else { return false }
    for index in newestFirst ? Array((0..<count).reversed()) : Array(0..<count) {
      try body(try historyPart(id, index, of: count))
    }
    return true
  }

  /// The record of the entry numbered `id` whole, its parts appended: what an engine that
  /// keeps records in parts answers ``historyRecord(_:)`` with.
  public func appendedHistoryParts(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    guard let count = try historyPartCount(id) else { return nil }
    var whole = ChangeRecord()
    for index in 0..<count { whole.append(try historyPart(id, index, of: count)) }
    return whole
  }
}
