import Foundation
import ShoppingCore

/// A JSON document (or part of one) as a value: built from typed parts, compared as a value,
/// and written by one writer whose strings are escaped as every document shoplist writes is
/// (``JSONText``). Objects keep their keys in the order written, as the contract shows them.
///
/// ```swift
/// let answer: JSONValue = ["error": .string("no list \"party\""), "item": .null]
/// answer.document  // {"error": "no list \"party\"", "item": null} and a line end
/// ```
///
/// The long documents — a list's items, exports — are streamed by their own writer instead;
/// an item object written there goes into a value as ``raw(_:)``.
public indirect enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case integer(Int)
  /// A number already in JSON's form, such as a quantity's exact decimal (`0.5`).
  case number(String)
  /// A string, escaped as JSON requires when written.
  case string(String)
  /// An array of values, in order.
  case array([JSONValue])
  /// An object, its members in order.
  case object(JSONObject)
  /// JSON text written by another writer, put in as it is.
  case raw(String)

  /// A string, or `null` when there is none.
  public static func nullable(_ text: String?) -> JSONValue {
    text.map { .string($0) } ?? .null
  }

  /// A timestamp as the contract writes it (`2026-11-23T10:04:00Z`), or `null`.
  public static func time(_ date: Date?) -> JSONValue {
    date.map { .string(Timestamp.string(from: $0)) } ?? .null
  }

  /// The value as JSON text, on one line.
  public var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The value as a whole document: its text and a line end.
  public var document: String { text + "\n" }

  private func write(to bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case let .bool(value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case let .integer(value): bytes.append(contentsOf: String(value).utf8)
    case let .number(text), let .raw(text): bytes.append(contentsOf: text.utf8)
    case let .string(text): JSONEscaping.appendLiteral(text, to: &bytes)
    case let .array(values):
      bytes.append(UInt8(ascii: "["))
      for (offset, value) in values.enumerated() {
        if offset > 0 { bytes.append(contentsOf: ", ".utf8) }
        value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case let .object(object):
      bytes.append(UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { bytes.append(contentsOf: ", ".utf8) }
        JSONEscaping.appendLiteral(member.key, to: &bytes)
        bytes.append(contentsOf: ": ".utf8)
        member.value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}

/// A JSON object's members, in the order written.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  /// One member: a key and its value.
  public struct Member: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members, in the order they are written.
  public var members: [Member]

  /// An object of `members`, in order.
  public init(members: [Member] = []) {
    self.members = members
  }

  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = elements.map { Member(key: $0.0, value: $0.1) }
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(members: elements.map { .init(key: $0.0, value: $0.1) }))
  }

  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}
