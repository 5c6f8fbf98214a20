import ShoppingCore
import Testing

/// shoplist's `joined(separator:)` for arrays of strings gives what the standard library's
/// does.
@Suite struct JoinedTests {
  static let cases: [[String]] = [
    [], [""], ["", ""], ["milk"], ["milk", "eggs"], ["a", "", "b"],
    ["Crème fraîche", "牛乳", "🥛"], ["e\u{301}", "\u{301}x"],
  ]

  @Test(arguments: cases)
  func matchesTheStandardLibrary(_ parts: [String]) {
    for separator in ["", "\n", ", ", "\u{301}"] {
      let standard = parts.lazy.map { $0 }.joined(separator: separator)
      #expect(parts.joined(separator: separator) == standard)
    }
    #expect(parts.joined() == parts.lazy.map { $0 }.joined())
  }
}
