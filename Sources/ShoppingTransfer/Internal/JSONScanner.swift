/// A streaming JSON tokenizer over a ``ByteReader``: it walks objects and arrays member by
/// member, so a reader can hand out a document's items as they come instead of parsing the
/// whole document into memory first.
///
/// Item objects are small, so their members are read whole as ``Scalar`` values; anything
/// nested below is skipped (iteratively bounded by ``maximumDepth``, so hostile input cannot
/// exhaust the stack).
struct JSONScanner {
  /// A JSON value as an item field needs it.
  enum Scalar: Equatable {
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
    /// An object or an array (skipped).
    case composite
  }

  /// How deeply values may nest.
  static let maximumDepth = 64

  private(set) var input: ByteReader
  private var scratch: [UInt8] = []

  init(input: ByteReader) {
    self.input = input
  }

  /// The line of the next byte.
  var line: Int { input.line }

  var bytesRead: Int { input.bytesRead }

  /// Skips a UTF-8 byte-order mark at the very start of the input.
  mutating func skipByteOrderMark() throws(ImportError) {
    if input.bytesRead == 0, try input.lookahead(3).elementsEqual([0xEF, 0xBB, 0xBF]) {
      try input.skip(3)
    }
  }

  /// Skips white space and returns the next byte without consuming it, or `nil` at the end.
  mutating func peekToken() throws(ImportError) -> UInt8? {
    while let byte = try input.peek() {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: _ = try input.next()
      default: return byte
      }
    }
    return nil
  }

  /// Consumes `byte` (after white space), or fails saying what was expected.
  mutating func expect(_ byte: UInt8, _ what: String) throws(ImportError) {
    guard try peekToken() == byte else { throw failure("expected \(what)") }
    _ = try input.next()
  }

  /// Inside an object (after `{`), moves to the next member: returns its key with the reader
  /// on its value, or `nil` after consuming the closing `}`.
  mutating func nextMember(first: inout Bool) throws(ImportError) -> String? {
    if try peekToken() == UInt8(ascii: "}") {
      _ = try input.next()
      return nil
    }
    if !first { try expect(UInt8(ascii: ","), "\",\" or \"}\"") }
    first = false
    guard try peekToken() == .quote else { throw failure("expected a quoted key") }
    let key = try readString()
    try expect(UInt8(ascii: ":"), "\":\"")
    return key
  }

  /// Inside an array (after `[`), moves to the next element: `true` with the reader on it, or
  /// `false` after consuming the closing `]`.
  mutating func nextElement(first: inout Bool) throws(ImportError) -> Bool {
    if try peekToken() == UInt8(ascii: "]") {
      _ = try input.next()
      return false
    }
    if !first { try expect(UInt8(ascii: ","), "\",\" or \"]\"") }
    first = false
    guard try peekToken() != nil else { throw failure("unexpected end of input") }
    return true
  }

  /// Reads the next value; objects and arrays are skipped and come back as `.composite`.
  mutating func readScalar() throws(ImportError) -> Scalar {
    guard let byte = try peekToken() else { throw failure("unexpected end of input") }
    switch byte {
    case .quote:
      return .string(try readString())
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skipComposite()
      return .composite
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try readNumber())
    default:
      throw failure("unexpected \(Self.describe(byte))")
    }
  }

  /// Skips the next value, whatever it is.
  mutating func skipValue() throws(ImportError) {
    _ = try readScalar()
  }

  /// Fails with an error at the current line.
  func failure(_ detail: String) -> ImportError {
    ImportError(file: input.source, line: input.line, reason: .invalidJSON(detail))
  }

  // MARK: - Tokens

  private mutating func readString() throws(ImportError) -> String {
    _ = try input.next()
    scratch.removeAll(keepingCapacity: true)
    while true {
      guard let byte = try input.next() else { throw failure("unterminated string") }
      switch byte {
      case .quote:
        guard let text = String(importedUTF8: scratch) else {
          throw ImportError(file: input.source, line: input.line, reason: .invalidUTF8)
        }
        return text
      case UInt8(ascii: "\\"):
        try readEscape()
      case 0..<0x20:
        throw failure("control character in a string")
      default:
        scratch.append(byte)
      }
      if scratch.count > ImportLimits.maximumLineLength {
        throw ImportError(file: input.source, line: input.line, reason: .lineTooLong)
      }
    }
  }

  private mutating func readEscape() throws(ImportError) {
    guard let byte = try input.next() else { throw failure("unterminated string") }
    switch byte {
    case .quote, UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var value = try readHex4()
      if (0xD800..<0xDC00).contains(value) {
        // A high surrogate must be followed by an escaped low one.
        guard try input.next() == UInt8(ascii: "\\"), try input.next() == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate in a \\u escape") }
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw failure("unpaired surrogate in a \\u escape")
        }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw failure("unpaired surrogate in a \\u escape")
      }
      scratch.append(contentsOf: String(Character(scalar)).utf8)
    default:
      throw failure("invalid escape \\\(Self.describe(byte))")
    }
  }

  private mutating func readHex4() throws(ImportError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try input.next() else { throw failure("unterminated string") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Reads a number as JSON writes it: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func readNumber() throws(ImportError) -> String {
    scratch.removeAll(keepingCapacity: true)
    if try input.peek() == UInt8(ascii: "-") { try take() }
    guard try digits() > 0 else { throw failure("invalid number") }
    if try input.peek() == UInt8(ascii: ".") {
      try take()
      guard try digits() > 0 else { throw failure("invalid number") }
    }
    if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      try take()
      if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        try take()
      }
      guard try digits() > 0 else { throw failure("invalid number") }
    }
    return String(decoding: scratch, as: UTF8.self)
  }

  private mutating func digits() throws(ImportError) -> Int {
    var count = 0
    while let byte = try input.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      try take()
      count += 1
    }
    return count
  }

  private mutating func take() throws(ImportError) {
    if let byte = try input.next() { scratch.append(byte) }
    if scratch.count > ImportLimits.maximumLineLength {
      throw ImportError(file: input.source, line: input.line, reason: .lineTooLong)
    }
  }

  private mutating func readLiteral(_ literal: String) throws(ImportError) {
    for expected in literal.utf8 {
      guard try input.next() == expected else {
        throw failure("invalid literal, expected \(literal)")
      }
    }
  }

  /// Skips an object or array, counting brackets instead of recursing.
  private mutating func skipComposite() throws(ImportError) {
    var depth = 0
    while let byte = try peekToken() {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("values nested too deeply") }
        _ = try input.next()
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        _ = try input.next()
        if depth == 0 { return }
      case .quote:
        _ = try readString()
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        _ = try input.next()
      default:
        _ = try readScalar()
      }
    }
    throw failure("unexpected end of input")
  }

  static func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
  }
}
