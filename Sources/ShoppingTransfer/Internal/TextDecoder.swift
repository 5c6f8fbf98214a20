/// Turns an input's bytes into UTF-8 as ``ByteReader`` reads them, a buffer at a time: every
/// reader then works on UTF-8 whatever the input's encoding.
///
/// A value type with no references, owned by its ``ByteReader``. Bytes that belong to a
/// character cut by the end of a read wait in ``carry`` for the next one, so a read may end
/// anywhere. UTF-8 passes through untouched (``passesThrough``): the reader then reads
/// straight into its buffer, and the readers check each field's UTF-8 themselves.
struct TextDecoder {
  enum Mode: Equatable {
    /// UTF-8: the bytes pass through.
    case utf8
    /// Auto, on a stream, before its first bytes: looking for a byte-order mark.
    case start
    /// Auto, on a stream: ASCII passes through, and the first bytes that are not ASCII decide
    /// between UTF-8 (they are UTF-8) and Windows-1252 (they are not).
    case detecting
    /// UTF-16 asked for, before its first bytes: looking for a byte-order mark.
    case startUTF16
    case utf16(bigEndian: Bool)
    case windows1252
    case latin1
  }

  /// Bytes that are not text in the encoding being read.
  struct Problem: Equatable {
    /// What is wrong, for the message.
    var detail: String
  }

  private(set) var mode: Mode
  /// The encoding auto settled on without a byte-order mark saying so, when it is not UTF-8:
  /// the import's notes say what the input was read as.
  private(set) var guessed: ImportEncoding?
  /// Bytes of a character the last input ended in the middle of.
  private var carry: [UInt8] = []

  init(mode: Mode, guessed: ImportEncoding? = nil) {
    self.mode = mode
    self.guessed = guessed
  }

  /// The decoder for an encoding asked for; ``ImportEncoding/auto`` detects on the way.
  init(_ encoding: ImportEncoding) {
    switch encoding {
    case .auto: self.init(mode: .start)
    case .utf8: self.init(mode: .utf8)
    case .utf16: self.init(mode: .startUTF16)
    case .windows1252: self.init(mode: .windows1252)
    case .latin1: self.init(mode: .latin1)
    }
  }

  /// Whether the bytes from now on are UTF-8 already and nothing waits to be decoded.
  var passesThrough: Bool { mode == .utf8 && carry.isEmpty }

  /// Decodes `input`, the next bytes of the input, and appends their UTF-8 to `output`.
  ///
  /// - Parameter atEnd: Whether the input ends after these bytes: a character still cut
  ///   short is then a problem.
  /// - Returns: `nil`, or the problem found at the end of what was appended; nothing after
  ///   it is decoded.
  mutating func decode(
    _ input: ArraySlice<UInt8>, atEnd: Bool, into output: inout [UInt8]
  ) -> Problem? {
    var bytes = input
    if !carry.isEmpty {
      bytes = ArraySlice(carry + input)
      carry = []
    }
    while !bytes.isEmpty {
      switch mode {
      case .utf8:
        output.append(contentsOf: bytes)
        return nil
      case .start, .startUTF16:
        guard bytes.count >= 3 || atEnd else {
          carry = Array(bytes)
          return nil
        }
        bytes = bytes.dropFirst(chooseByByteOrderMark(bytes))
      case .detecting:
        let ascii = Self.endOfASCII(in: bytes)
        bytes[..<ascii].withUnsafeBufferPointer { output.append(contentsOf: $0) }
        bytes = bytes[ascii...]
        guard !bytes.isEmpty else { return nil }
        switch UTF8Check.sequence(in: bytes) {
        case .incomplete where !atEnd:
          carry = Array(bytes)
          return nil
        case .valid:
          mode = .utf8
        case .invalid, .incomplete:
          mode = .windows1252
          guessed = .windows1252
        }
      case .windows1252, .latin1:
        return decodeSingleBytes(&bytes, into: &output)
      case let .utf16(bigEndian):
        return decodeUTF16(&bytes, bigEndian: bigEndian, atEnd: atEnd, into: &output)
      }
    }
    return nil
  }

  /// Where the plain ASCII at the start of `bytes` ends: the index of the first byte of 0x80
  /// or more, else the end. Eight bytes at a time, as ``UTF8Check/scan(_:)`` reads.
  static func endOfASCII(in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>.Index {
    bytes.withUnsafeBytes { raw -> Int in
      let count = raw.count
      var offset = 0
      while offset + 8 <= count,
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        offset += 8
      }
      while offset < count, raw[offset] < 0x80 { offset += 1 }
      return offset
    } + bytes.startIndex
  }

  /// Settles a `.start` or `.startUTF16` mode on the input's first bytes, and returns how many
  /// of them are a byte-order mark to drop.
  private mutating func chooseByByteOrderMark(_ bytes: ArraySlice<UInt8>) -> Int {
    let first = bytes.first
    let second = bytes.dropFirst().first
    if first == 0xFF, second == 0xFE {
      mode = .utf16(bigEndian: false)
      return 2
    }
    if first == 0xFE, second == 0xFF {
      mode = .utf16(bigEndian: true)
      return 2
    }
    if mode == .startUTF16 {
      // No mark: a zero high byte in the first character says which byte is high.
      mode = .utf16(bigEndian: first == 0 && second != 0)
      return 0
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      mode = .utf8
      return 3
    }
    mode = .detecting
    return 0
  }

  private func decodeSingleBytes(
    _ bytes: inout ArraySlice<UInt8>, into output: inout [UInt8]
  ) -> Problem? {
    output.reserveCapacity(output.count + bytes.count * 2)
    let windows = mode == .windows1252
    for byte in bytes {
      if byte < 0x80 {
        output.append(byte)
        continue
      }
      var scalar = UInt32(byte)
      if windows, byte < 0xA0 {
        scalar = UInt32(Self.windows1252[Int(byte - 0x80)])
        guard scalar != 0 else {
          return Problem(
            detail: guessed == nil
              ? "byte \(Self.hex(byte)) is not Windows-1252 text"
              : "the text is neither UTF-8 nor Windows-1252 (byte \(Self.hex(byte)))")
        }
      }
      Self.appendUTF8(scalar, to: &output)
    }
    bytes = bytes[bytes.endIndex...]
    return nil
  }

  private mutating func decodeUTF16(
    _ bytes: inout ArraySlice<UInt8>, bigEndian: Bool, atEnd: Bool, into output: inout [UInt8]
  ) -> Problem? {
    output.reserveCapacity(output.count + bytes.count)
    var index = bytes.startIndex
    func unit(at index: Int) -> UInt32 {
      let high = UInt32(bytes[bigEndian ? index : index + 1])
      let low = UInt32(bytes[bigEndian ? index + 1 : index])
      return high << 8 | low
    }
    while bytes.endIndex - index >= 2 {
      let first = unit(at: index)
      switch first {
      case 0xD800...0xDBFF:
        guard bytes.endIndex - index >= 4 else {
          if atEnd { return Problem(detail: "not UTF-16 text: it ends in half a character") }
          carry = Array(bytes[index...])
          bytes = bytes[bytes.endIndex...]
          return nil
        }
        let second = unit(at: index + 2)
        guard (0xDC00...0xDFFF).contains(second) else {
          return Problem(detail: "not UTF-16 text: a lone surrogate (\(Self.hex16(first)))")
        }
        Self.appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
        index += 4
      case 0xDC00...0xDFFF:
        return Problem(detail: "not UTF-16 text: a lone surrogate (\(Self.hex16(first)))")
      default:
        Self.appendUTF8(first, to: &output)
        index += 2
      }
    }
    if index < bytes.endIndex {
      if atEnd { return Problem(detail: "not UTF-16 text: it ends in half a character") }
      carry = Array(bytes[index...])
    }
    bytes = bytes[bytes.endIndex...]
    return nil
  }

  /// The characters of Windows-1252's bytes 0x80–0x9F; 0 where the byte is unassigned. The
  /// bytes from 0xA0 on are Latin-1's.
  static let windows1252: [UInt16] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// Whether `byte` is one of Windows-1252's unassigned bytes.
  static func isUnassignedInWindows1252(_ byte: UInt8) -> Bool {
    byte >= 0x80 && byte < 0xA0 && windows1252[Int(byte - 0x80)] == 0
  }

  static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      output.append(UInt8(scalar))
    case ..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }

  private static func hex16(_ unit: UInt32) -> String {
    "0x" + String(unit, radix: 16, uppercase: true)
  }
}
