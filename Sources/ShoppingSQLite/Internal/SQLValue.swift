import CSQLite
import Foundation
import ShoppingCore

/// A value bound to a statement's parameter.
enum SQLValue {
  case integer(Int64)
  case null
  case text(String)
  /// Text given as raw bytes, for bounds of key ranges that need not be valid UTF-8.
  case textBytes([UInt8])

  static func text(_ value: String?) -> SQLValue {
    value.map { .text($0) } ?? .null
  }

  static func id(_ id: UUID) -> SQLValue {
    .text(id.canonicalText)
  }

  static func bool(_ value: Bool) -> SQLValue {
    .integer(value ? 1 : 0)
  }

  static func date(_ date: Date) -> SQLValue {
    .text(Timestamp.string(from: date))
  }

  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    switch self {
    case let .integer(value):
      return sqlite3_bind_int64(statement, index, value)
    case .null:
      return sqlite3_bind_null(statement, index)
    case let .text(value):
      // The explicit length keeps any byte SQLite would otherwise read as the end of the text.
      return sqlite3_bind_text(
        statement, index, value, Int32(clamping: value.utf8.count), transientDestructor
      )
    case let .textBytes(bytes):
      return bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { text in
          sqlite3_bind_text(
            statement, index, text.baseAddress, Int32(clamping: text.count), transientDestructor
          )
        }
      }
    }
  }
}

/// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes, which live only for the call.
private let transientDestructor = unsafeBitCast(
  OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self
)
