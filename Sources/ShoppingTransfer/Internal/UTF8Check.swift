/// The rules of well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates,
/// nothing past U+10FFFF), for deciding what encoding an input is in.
enum UTF8Check {
  /// What the bytes at the start of a slice are.
  enum Sequence: Equatable {
    /// One well-formed character of this many bytes.
    case valid(length: Int)
    /// Not the start of a well-formed character.
    case invalid
    /// The start of a well-formed character that the slice cuts short.
    case incomplete
  }

  /// What the character at the start of `bytes` is.
  static func sequence(in bytes: ArraySlice<UInt8>) -> Sequence {
    guard let lead = bytes.first else { return .incomplete }
    let (length, second) = rule(lead)
    guard length > 0 else { return .invalid }
    var index = bytes.startIndex + 1
    for position in 1..<length {
      guard index < bytes.endIndex else { return .incomplete }
      let byte = bytes[index]
      guard (position == 1 ? second : 0x80...0xBF).contains(byte) else { return .invalid }
      index += 1
    }
    return .valid(length: length)
  }

  /// How long a character starting with `lead` is (0: no character starts so), and the range
  /// its second byte must be in.
  @inline(__always)
  private static func rule(_ lead: UInt8) -> (Int, ClosedRange<UInt8>) {
    switch lead {
    case 0x00...0x7F: (1, 0x80...0xBF)
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: (0, 0x80...0xBF)
    }
  }

  /// Where the well-formed UTF-8 at the start of `bytes` ends.
  enum Scan: Equatable {
    /// Every byte is part of a well-formed character.
    case valid
    /// The byte at this offset starts no well-formed character.
    case invalid(at: Int)
    /// The bytes from this offset on start a character they cut short.
    case incomplete(from: Int)
  }

  /// Checks `bytes` whole; plain ASCII, the usual content of an import, eight bytes at a time.
  static func scan(_ bytes: UnsafeRawBufferPointer) -> Scan {
    let count = bytes.count
    var index = 0
    while index < count {
      if index + 8 <= count,
        bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let (length, second) = rule(lead)
      guard length > 0 else { return .invalid(at: index) }
      for position in 1..<length {
        guard index + position < count else { return .incomplete(from: index) }
        let byte = bytes[index + position]
        guard (position == 1 ? second : 0x80...0xBF).contains(byte) else {
          return .invalid(at: index)
        }
      }
      index += length
    }
    return .valid
  }
}
