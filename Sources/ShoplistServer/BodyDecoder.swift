import Foundation
import Hummingbird

/// How the server reads a request's JSON body: the bodies shoplist's page and scripts send —
/// one flat object of strings, `true`, `false` and `null`, such as a tap's
/// `{"checked": true}` — are read directly; anything else (numbers, escapes, nesting, a
/// mistake) goes to Foundation's `JSONDecoder`, which then also gives every error its words.
///
/// Foundation's decoder spends more on setting itself up than a tap's body takes to read; the
/// direct reading only ever answers what `JSONDecoder` would (``FlatJSONObject``).
struct BodyDecoder: RequestDecoder {
  func decode<T: Decodable>(
    _ type: T.Type, from request: Request, context: some RequestContext
  ) async throws -> T {
    let buffer = try await request.body.collect(upTo: context.maxUploadSize)
    if let value = buffer.withUnsafeReadableBytes({ FlatJSONObject.decode(type, from: $0) }) {
      return value
    }
    return try JSONDecoder().decode(type, from: buffer)
  }
}

/// A JSON object whose values are all strings without escapes, booleans or `null`, as read
/// from its bytes; and values decoded from one.
struct FlatJSONObject {
  enum Value: Equatable {
    case string(String)
    case bool(Bool)
    case null
  }

  /// The members, in the order written; no name twice.
  let members: [(name: String, value: Value)]

  /// `T` decoded from `bytes`, when `bytes` are such an object and `T` decodes from it without
  /// an error; `nil` otherwise — `JSONDecoder` then decodes it, or says what is wrong.
  static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) -> T? {
    guard let object = FlatJSONObject(bytes) else { return nil }
    return try? T(from: ObjectDecoder(object: object))
  }

  /// Reads `bytes`; `nil` unless they are one flat object of the kind above, with only
  /// white space around it.
  init?(_ bytes: UnsafeRawBufferPointer) {
    var reader = Reader(bytes: bytes)
    guard reader.take(UInt8(ascii: "{")) else { return nil }
    var members: [(name: String, value: Value)] = []
    if !reader.take(UInt8(ascii: "}")) {
      repeat {
        guard let name = reader.string(), reader.take(UInt8(ascii: ":")),
          let value = reader.value(), !members.contains(where: { $0.name == name })
        else { return nil }
        members.append((name, value))
      } while reader.take(UInt8(ascii: ","))
      guard reader.take(UInt8(ascii: "}")) else { return nil }
    }
    guard reader.atEnd else { return nil }
    self.members = members
  }

  func value(named name: String) -> Value? {
    members.first { $0.name == name }?.value
  }

  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    /// Skips white space, then takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard offset < bytes.count, bytes[offset] == byte else { return false }
      offset += 1
      return true
    }

    var atEnd: Bool {
      mutating get {
        skipSpace()
        return offset == bytes.count
      }
    }

    mutating func value() -> Value? {
      skipSpace()
      guard offset < bytes.count else { return nil }
      switch bytes[offset] {
      case UInt8(ascii: "\""): return string().map(Value.string)
      case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
      case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
      case UInt8(ascii: "n"): return word("null") ? .null : nil
      default: return nil
      }
    }

    /// A string without escapes or control characters, in valid UTF-8.
    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = offset
      while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
        guard bytes[offset] >= 0x20, bytes[offset] != UInt8(ascii: "\\") else { return nil }
        offset += 1
      }
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return String(validating: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func word(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard offset + count <= bytes.count,
        zip(
          bytes[offset..<offset + count], UnsafeBufferPointer(start: word.utf8Start, count: count)
        )
        .allSatisfy({ $0 == $1 })
      else { return false }
      offset += count
      return true
    }

    private mutating func skipSpace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          offset += 1
        default: return
        }
      }
    }
  }
}

/// What the direct reading leaves to `JSONDecoder`: a type asked of a value that is not one.
private struct NotFlat: Error {}

/// Decodes from a ``FlatJSONObject``: keyed containers at the top, single values below.
private struct ObjectDecoder: Decoder {
  let object: FlatJSONObject
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ObjectContainer<Key>(object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NotFlat() }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { throw NotFlat() }
}

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: FlatJSONObject
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.name) } }

  func contains(_ key: Key) -> Bool { object.value(named: key.stringValue) != nil }

  private func value(_ key: Key) throws -> FlatJSONObject.Value {
    guard let value = object.value(named: key.stringValue) else { throw NotFlat() }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try ValueDecoder(value: value(key)).decode(type)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try ValueDecoder(value: value(key)).decode(type)
  }

  /// Also what numbers are decoded with, which leaves them to `JSONDecoder` (below).
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try T(from: ValueDecoder(value: value(key)))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> { throw NotFlat() }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw NotFlat()
  }

  func superDecoder() throws -> any Decoder { throw NotFlat() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw NotFlat() }
}

/// One member's value, as a decoder and as its single-value container.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: FlatJSONObject.Value
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw NotFlat()
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NotFlat() }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case let .bool(bool) = value else { throw NotFlat() }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    guard case let .string(string) = value else { throw NotFlat() }
    return string
  }

  /// Also what numbers are decoded with: they are left to `JSONDecoder`, which reads them
  /// as JSON says.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if type == String.self, let string = try decode(String.self) as? T { return string }
    if type == Bool.self, let bool = try decode(Bool.self) as? T { return bool }
    throw NotFlat()
  }
}
