import CSQLite
import Foundation
import ShoppingCore

/// The current row of a statement being stepped; valid only during the callback it is given to.
struct Row {
  let handle: OpaquePointer

  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func integer(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  func optionalText(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func text(_ column: Int32) -> String {
    optionalText(column) ?? ""
  }

  /// The column as an id, read from its bytes without making a string of them.
  func uuid(_ column: Int32) -> UUID? {
    bytes(column).flatMap(UUID.init(canonicalUTF8:))
  }

  /// The column as a timestamp, read from its bytes without making a string of them.
  func date(_ column: Int32) -> Date? {
    bytes(column).flatMap(Timestamp.date(fromUTF8:))
  }

  /// The column as a blob's bytes, copied.
  func blob(_ column: Int32) -> [UInt8]? {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes = sqlite3_column_blob(handle, column) else { return count == 0 ? [] : nil }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// The column's text as bytes, valid until the row moves on.
  func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }
}
