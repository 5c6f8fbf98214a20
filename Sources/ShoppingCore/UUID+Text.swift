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
    guard bytes.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &value) { value in
      var index = 0
      var offset = 0
      while offset < 36 {
        if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
          guard bytes[offset] == UInt8(ascii: "-") else { return false }
          offset += 1
          continue
        }
        guard let high = nibble(bytes[offset]), let low = nibble(bytes[offset + 1])
        else { return false }
        value[index] = high << 4 | low
        index += 1
        offset += 2
      }
      return true
    }
    return valid ? value : nil
  }

  private static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
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
    withUnsafeBytes(of: uuid) { value in
      var offset = 0
      for (index, byte) in value.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          text[offset] = UInt8(ascii: "-")
          offset += 1
        }
        text[offset] = hexDigit(byte >> 4)
        text[offset + 1] = hexDigit(byte & 0x0F)
        offset += 2
      }
    }
  }

  private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }
}
