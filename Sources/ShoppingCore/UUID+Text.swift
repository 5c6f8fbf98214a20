import Foundation

extension UUID {
  /// Parses the canonical 36-character form (`5A1F…-…`, either case) directly: loading a long
  /// list parses an id per product, and `UUID(uuidString:)` goes through `sscanf`.
  public init?(canonical text: String) {
    var text = text
    guard let parsed = text.withUTF8(Self.parse) else { return nil }
    self.init(uuid: parsed)
  }

  /// Parses the canonical form from UTF-8 bytes, such as a database column's, without first
  /// making a `String` of them.
  public init?(canonicalUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let parsed = Self.parse(bytes) else { return nil }
    self.init(uuid: parsed)
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> uuid_t? {
    guard bytes.count == canonicalTextCount, let text = bytes.baseAddress,
      text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"),
      text[18] == UInt8(ascii: "-"), text[23] == UInt8(ascii: "-")
    else { return nil }
    // Every digit is read, and checked only once at the end: a branch per digit, on whether
    // it is a number or a letter, guesses wrong on random ids about as often as not, and
    // costs more than the rest of the parse. The 32 digits make two 64-bit numbers.
    var rejected: UInt8 = 0
    func digits(_ range: Range<Int>, into number: inout UInt64) {
      for offset in range {
        let value = hexValue(text[offset])
        rejected |= value
        number = number << 4 | UInt64(value & 0x0F)
      }
    }
    var high: UInt64 = 0
    var low: UInt64 = 0
    digits(0..<8, into: &high)
    digits(9..<13, into: &high)
    digits(14..<18, into: &high)
    digits(19..<23, into: &low)
    digits(24..<36, into: &low)
    guard rejected & 0xF0 == 0 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { value in
      value.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
      value.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
    }
    return value
  }

  /// The value of a hexadecimal digit of either case, or 0xFF for any other byte: worked out
  /// rather than looked up, so that no table (and no check that it was made) is touched.
  @inline(__always)
  private static func hexValue(_ byte: UInt8) -> UInt8 {
    let digit = byte &- UInt8(ascii: "0")
    // Setting 0x20 makes an upper-case letter lower-case, and leaves the lower-case ones.
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return digit < 10 ? digit : letter < 6 ? letter &+ 10 : 0xFF
  }
}

extension UUID {
  /// The canonical upper-case form, as `uuidString` writes it, without going through
  /// `sprintf`: every product written or looked up formats its id.
  public var canonicalText: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    appendCanonicalText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the canonical upper-case form's UTF-8 bytes to `bytes`, for writers that build
  /// their output as bytes.
  public func appendCanonicalText(to bytes: inout [UInt8]) {
    // Written into a buffer of its own and appended at once: 36 appends, each checking the
    // array's capacity, cost several times more.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.canonicalTextCount) { text in
      writeCanonicalText(to: text)
      bytes.append(contentsOf: text)
    }
  }

  /// The length of the canonical form: 32 hexadecimal digits and 4 hyphens.
  public static let canonicalTextCount = 36

  /// Writes the canonical upper-case form's UTF-8 bytes at the start of `text`, which has room
  /// for at least ``canonicalTextCount`` bytes: for a writer that owns its buffer (binding an
  /// id to a statement makes neither a string nor an array).
  public func writeCanonicalText(to text: UnsafeMutableBufferPointer<UInt8>) {
    precondition(text.count >= Self.canonicalTextCount, "no room for a UUID's text")
    // Digits looked up rather than chosen by a comparison, for the same reason the parse
    // avoids branching on them.
    let digits: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: uuid) { value in
      var offset = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          text[offset] = UInt8(ascii: "-")
          offset += 1
        }
        text[offset] = digits.utf8Start[Int(value[index] >> 4)]
        text[offset + 1] = digits.utf8Start[Int(value[index] & 0x0F)]
        offset += 2
      }
    }
  }
}
