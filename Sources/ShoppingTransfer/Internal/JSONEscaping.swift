/// How every JSON document shoplist writes escapes a string — the list documents' streaming
/// writer and the small hand-written texts alike: `"` and `\`, the control characters
/// (U+0000–U+001F and U+007F), and the line and paragraph separators U+2028 and U+2029,
/// which JavaScript before ES2019 does not accept raw in a string literal.
enum JSONEscaping {
  /// Appends `value` as a JSON string literal, quotes included.
  static func appendLiteral(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(addingCapacity: maximumLiteralCount(value)) { appendLiteral(value, to: &$0) }
  }

  /// The most bytes the literal of `value` takes: every byte escaped, at most six for one
  /// (`\u001f`), and the quotes.
  static func maximumLiteralCount(_ value: String) -> Int {
    value.utf8.count * 6 + 2
  }

  /// Appends `value` as a JSON string literal, quotes included, to `output`, which has room
  /// for ``maximumLiteralCount(_:)`` bytes.
  static func appendLiteral(_ value: String, to output: inout OutputSpan<UInt8>) {
    output.append(UInt8(ascii: "\""))
    // Straight from the string's storage, checked and copied in one go when nothing needs
    // escaping: the usual case, and a list writes several strings per item.
    let copied = value.utf8.withContiguousStorageIfAvailable { utf8 in
      guard !utf8.contains(where: mayNeedEscaping) else { return false }
      output.append(copying: utf8)
      return true
    }
    if copied != true { appendEscaped(Array(value.utf8), to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Whether `byte` needs escaping, or may start a separator that does (0xE2 begins U+2028
  /// and U+2029 in UTF-8, and other characters too, which are copied as they are).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
      || byte == 0xE2
  }

  private static func appendEscaped(_ utf8: [UInt8], to output: inout OutputSpan<UInt8>) {
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      switch byte {
      case UInt8(ascii: "\""): output.append(#"\""#)
      case UInt8(ascii: "\\"): output.append(#"\\"#)
      case UInt8(ascii: "\n"): output.append(#"\n"#)
      case UInt8(ascii: "\r"): output.append(#"\r"#)
      case UInt8(ascii: "\t"): output.append(#"\t"#)
      case ..<0x20, 0x7F:
        appendUnicodeEscape(UInt16(byte), to: &output)
      case 0xE2
      where index + 2 < utf8.count && utf8[index + 1] == 0x80
        && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
        appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
        index += 2
      default:
        output.append(byte)
      }
      index += 1
    }
  }

  /// `\uXXXX`, four lower-case hexadecimal digits.
  private static func appendUnicodeEscape(_ value: UInt16, to output: inout OutputSpan<UInt8>) {
    let digits: StaticString = "0123456789abcdef"
    output.append(#"\u"#)
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(digits.utf8Start[Int(value >> UInt16(shift) & 0x0F)])
    }
  }
}
