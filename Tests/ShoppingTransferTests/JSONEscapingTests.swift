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
    let decoded =
      try JSONSerialization.jsonObject(
        with: Data(JSONText.string(text).utf8), options: .fragmentsAllowed) as? String
    #expect(decoded == text)
  }

  @Test(arguments: strings)
  func anItemsStringsAreEscapedAsEveryOtherText(text: String) throws {
    let product = Product(
      id: UUID(), name: "name " + text, quantity: try Quantity("1.5"), unit: text,
      category: text, note: text, addedAt: Date(timeIntervalSince1970: 0))

    let item = ListDocuments.item(product, position: 7)

    for field in ["unit", "category", "note"] {
      #expect(item.contains(#""\#(field)": \#(JSONText.string(text)), "#))
    }
    let object = try JSONSerialization.jsonObject(with: Data(item.utf8)) as? [String: Any]
    #expect(object?["name"] as? String == "name " + text)
    #expect(object?["note"] as? String == text)
  }

  @Test func anItemWhoseEveryCharacterIsEscapedIsWrittenWhole() throws {
    // Six bytes for each one: the most room an item's strings can take.
    let controls = String(repeating: "\u{1}", count: 5_000)
    let product = Product(
      id: UUID(), name: controls, unit: controls, category: controls, note: controls,
      addedAt: Date(timeIntervalSince1970: 0))

    let item = ListDocuments.item(product, position: 1)

    let object = try JSONSerialization.jsonObject(with: Data(item.utf8)) as? [String: Any]
    #expect(object?["note"] as? String == controls)
    #expect(item.utf8.count > 4 * 6 * 5_000)
  }

  @Test func controlCharactersAndTheSeparatorsAreEscaped() {
    #expect(JSONText.string("a\u{7F}b") == #""a\u007fb""#)
    #expect(JSONText.string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
    #expect(JSONText.string("a\u{1}b") == #""a\u0001b""#)
    #expect(JSONText.string("—\u{2026}") == "\"—\u{2026}\"", "other characters as they are")
  }
}
