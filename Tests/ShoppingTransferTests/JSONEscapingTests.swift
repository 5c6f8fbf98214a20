import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// One escaper for every JSON document: a list document and a hand-written text write any
/// string the same way, and read back to the same string.
@Suite struct JSONEscapingTests {
  static let strings = [
    "Milk", "", "say \"cheese\"", #"back\slash"#, "tab\there", "line\nbreak", "\r",
    "bell\u{7}", "delete\u{7F}", "line\u{2028}separator", "paragraph\u{2029}separator",
    "é ß 🍋 中", "\u{202E}override", "€\u{2027}\u{202A}", "\u{E2}", "ends with \u{2028}",
  ]

  @Test(arguments: strings)
  func listDocumentsAndHandWrittenTextsEscapeAlike(text: String) throws {
    var writer = JSONWriter()
    writer.string(text)
    #expect(writer.text == JSONText.string(text))
    let decoded = try JSONSerialization.jsonObject(
      with: Data(JSONText.string(text).utf8), options: .fragmentsAllowed) as? String
    #expect(decoded == text)
  }

  @Test func controlCharactersAndTheSeparatorsAreEscaped() {
    #expect(JSONText.string("a\u{7F}b") == #""a\u007fb""#)
    #expect(JSONText.string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
    #expect(JSONText.string("a\u{1}b") == #""a\u0001b""#)
    #expect(JSONText.string("—\u{2026}") == "\"—\u{2026}\"", "other characters as they are")
  }
}
