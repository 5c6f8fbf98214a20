/// How many terminal columns text takes: wide East Asian characters and emoji two, combining
/// marks and other zero-width characters none, everything else one. Tables line up by it.
///
/// ```swift
/// DisplayWidth.of("牛乳")        // 4
/// DisplayWidth.of("Cafe\u{301}") // 4
/// DisplayWidth.truncated("Oat milk, barista", to: 8)  // "Oat mil…"
/// ```
enum DisplayWidth {
  /// The columns `text` takes.
  static func of(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character (grapheme cluster) takes.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII { return first.value >= 0x20 && first.value != 0x7F ? 1 : 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
    if first.properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return 1
    }
  }

  /// `text` padded with spaces to `width` columns, on the right (or on the left).
  static func padded(_ text: String, to width: Int, leading: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - of(text)))
    return leading ? padding + text : text + padding
  }

  /// `text` cut to at most `width` columns, ending in `…` when it was cut.
  static func truncated(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// Wide and fullwidth characters of the East Asian Width property (Unicode's UAX #11 `W`
  /// and `F`), by block.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
