/// How every JSON document shoplist writes escapes a string — the list documents' streaming
/// writer and the small hand-written texts alike: `"` and `\`, the control characters
/// (U+0000–U+001F and U+007F), and the line and paragraph separators U+2028 and U+2029,
/// which JavaScript before ES2019 does not accept raw in a string literal.
enum JSONEscaping {
  /// Appends `value` as a JSON string literal, quotes included.
  static func appendLiteral(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    // Straight from the string's storage, checked and copied in one go when nothing needs
    // escaping: the usual case, and a list writes several strings per item.
    let copied = value.utf8.withContiguousStorageIfAvailable { utf8 in
      guard !utf8.contains(where: mayNeedEscaping) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if copied != true { appendEscaped(Array(value.utf8), to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether `byte` needs escaping, or may start a separator that does (0xE2 begins U+2028
  /// and U+2029 in UTF-8, and other characters too, which are copied as they are).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
      || byte == 0xE2
  }

  private static func appendEscaped(_ utf8: [UInt8], to bytes: inout [UInt8]) {
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      switch byte {
      case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes += Array(#"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes += Array(#"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes += Array(#"\t"#.utf8)
      case ..<0x20, 0x7F:
        appendUnicodeEscape(UInt32(byte), to: &bytes)
      case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80
        && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
        appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
        index += 2
      default:
        bytes.append(byte)
      }
      index += 1
    }
  }

  /// `\uXXXX`, four lower-case hexadecimal digits.
  private static func appendUnicodeEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    let hex = String(value, radix: 16)
    bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
  }
}
