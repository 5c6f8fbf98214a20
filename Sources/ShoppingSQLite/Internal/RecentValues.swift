import Foundation
import ShoppingCore

/// What a repository remembers between the rows of one transaction so that it does not
/// compute or look up the same thing again: an import writes the same list id and the same
/// time on every row, appends to the same list row after row, and most items of a list read
/// share their timestamps. Formatting or finding each anew was a tenth or more of the work of a
/// row. Everything here is derived, and valid for the transaction only.
struct RecentValues {
  /// The last list id bound, as text.
  private var listID: (id: ShoppingList.ID, value: SQLValue)?
  /// The last time bound of each kind (to the second, to the microsecond), as text: an item's
  /// `addedAt` and `updatedAt` alternate, and one slot for both would miss on every one.
  private var time: (date: Date, value: SQLValue)?
  private var preciseTime: (date: Date, value: SQLValue)?
  /// The last timestamp read, as its text's three words, and its date.
  private var readTime: (words: (UInt64, UInt64, UInt32), date: Date)?
  /// Per list, the position the next item appended to it takes, once a first append in this
  /// transaction has found it; but for the list appended to last, whose next position is kept
  /// in `lastAppend` (rows of an import go to one list after another, hashing no id).
  private var nextPositions: [ShoppingList.ID: Int64] = [:]
  /// The list appended to last, and the position its next item takes.
  private var lastAppend: (list: ShoppingList.ID, next: Int64)?

  /// `listID` as a parameter, formatted once for a run of items of the same list.
  mutating func value(ofList id: ShoppingList.ID) -> SQLValue {
    if let listID, listID.id == id { return listID.value }
    let value = SQLValue.id(id)
    listID = (id, value)
    return value
  }

  /// `date` as a parameter, formatted once for a run of items written at the same time; to
  /// the microsecond when `precise` (an item's `updatedAt`).
  mutating func value(of date: Date, precise: Bool = false) -> SQLValue {
    if precise {
      if let preciseTime, preciseTime.date == date { return preciseTime.value }
      let value = SQLValue.preciseDate(date)
      preciseTime = (date, value)
      return value
    }
    if let time, time.date == date { return time.value }
    let value = SQLValue.date(date)
    time = (date, value)
    return value
  }

  /// The date of a stored timestamp's 20 bytes, parsed only when it differs from the last (one
  /// with a fraction of a second, an `updatedAt` written within a busy second, is parsed each
  /// time).
  mutating func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count == 20 else { return Timestamp.date(fromUTF8: bytes) }
    let raw = UnsafeRawBufferPointer(bytes)
    let words = (
      raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
    )
    if let readTime, readTime.words == words { return readTime.date }
    guard let date = Timestamp.date(fromUTF8: bytes) else { return nil }
    readTime = (words, date)
    return date
  }

  /// The position the next item appended to `listID` takes, if a first append found it.
  func nextPosition(inList listID: ShoppingList.ID) -> Int64? {
    if let lastAppend, lastAppend.list == listID { return lastAppend.next }
    return nextPositions[listID]
  }

  /// Records the position the next item appended to `listID` takes.
  mutating func setNextPosition(_ position: Int64, inList listID: ShoppingList.ID) {
    if let lastAppend, lastAppend.list != listID {
      nextPositions[lastAppend.list] = lastAppend.next
    }
    lastAppend = (listID, position)
  }

  /// Forgets the positions: after anything that may move, remove or renumber items, or a
  /// batch that was undone.
  mutating func forgetPositions() {
    nextPositions.removeAll()
    lastAppend = nil
  }
}
