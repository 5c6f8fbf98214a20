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
  /// A blob.
  case bytes([UInt8])
  /// An id, bound as its canonical text (what ``id(_:)`` makes): written straight into the
  /// statement's text buffer, without a string of its own.
  case uuid(UUID)

  static func text(_ value: String?) -> SQLValue {
    value.map { .text($0) } ?? .null
  }

  static func key(_ key: NameKey) -> SQLValue {
    .text(key.value)
  }

  static func id(_ id: UUID) -> SQLValue {
    .uuid(id)
  }

  static func bool(_ value: Bool) -> SQLValue {
    .integer(value ? 1 : 0)
  }

  static func date(_ date: Date) -> SQLValue {
    .text(Timestamp.string(from: date))
  }

  /// An item's `updatedAt`, kept to the microsecond.
  static func preciseDate(_ date: Date) -> SQLValue {
    .text(Timestamp.preciseString(from: date))
  }

  /// The bytes of text this value binds.
  var textSize: Int {
    switch self {
    case .integer, .null: 0
    case let .text(value): value.utf8.count
    case let .textBytes(bytes): bytes.count
    case .uuid: UUID.canonicalTextCount
    case .bytes: 0
    }
  }

  /// Binds the value to parameter `index`, its text copied into `storage` after the `used`
  /// bytes (which it then counts): SQLite reads the text there, so `storage` must stay until
  /// the statement is reset and its bindings cleared. `storage` has room for at least one
  /// byte, so it has an address even for empty text.
  func bind(
    to statement: OpaquePointer, at index: Int32,
    storage: UnsafeMutableBufferPointer<UInt8>, used: inout Int
  ) -> Int32 {
    switch self {
    case let .integer(value):
      return sqlite3_bind_int64(statement, index, value)
    case .null:
      return sqlite3_bind_null(statement, index)
    case let .text(value):
      let count = value.utf8.count
      let start = storage.baseAddress! + used
      _ = UnsafeMutableBufferPointer(start: start, count: count).initialize(from: value.utf8)
      used += count
      // The explicit length keeps any byte SQLite would otherwise read as the end of the text;
      // a non-null pointer keeps empty text from being bound as NULL.
      return sqlite3_bind_text(
        statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
        Int32(clamping: count), staticDestructor
      )
    case let .bytes(bytes):
      // SQLite copies the blob: a history record can be megabytes, more than the buffer
      // of text values should take.
      return bytes.withUnsafeBytes { raw in
        sqlite3_bind_blob64(
          statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
          sqlite3_uint64(raw.count), transientDestructor
        )
      }
    case let .uuid(id):
      let start = storage.baseAddress! + used
      id.writeCanonicalText(
        to: UnsafeMutableBufferPointer(start: start, count: UUID.canonicalTextCount))
      used += UUID.canonicalTextCount
      return sqlite3_bind_text(
        statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
        Int32(UUID.canonicalTextCount), staticDestructor
      )
    case let .textBytes(bytes):
      let start = storage.baseAddress! + used
      _ = UnsafeMutableBufferPointer(start: start, count: bytes.count).initialize(from: bytes)
      used += bytes.count
      return sqlite3_bind_text(
        statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
        Int32(clamping: bytes.count), staticDestructor
      )
    }
  }
}

/// SQLite's `SQLITE_STATIC`: the bound bytes stay where they are until the binding is cleared.
private let staticDestructor: sqlite3_destructor_type? = nil

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
private let transientDestructor = unsafeBitCast(
  OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self
)
