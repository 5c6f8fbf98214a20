import ShoppingTransfer
import Testing

/// Documents as values: what they write, and that they escape as every document does.
@Suite struct JSONValueTests {
  @Test func objectsKeepTheirKeysInOrderWithTheContractsSpacing() {
    let value: JSONValue = [
      "b": 1, "a": [true, .null, .number("0.5")], "c": ["nested": "x"], "d": .raw("{}"),
    ]

    #expect(value.text == #"{"b": 1, "a": [true, null, 0.5], "c": {"nested": "x"}, "d": {}}"#)
    #expect(value.document == value.text + "\n")
  }

  @Test(arguments: [
    "say \"cheese\"", "back\\slash", "tab\there", "a\u{7F}b", "a\u{2028}b\u{2029}c",
  ])
  func stringsAndKeysAreEscapedAsEveryDocumentEscapesThem(text: String) {
    let value: JSONValue = .object(JSONObject(members: [.init(key: text, value: .string(text))]))

    #expect(value.text == "{" + JSONText.string(text) + ": " + JSONText.string(text) + "}")
  }

  @Test func aMissingStringOrTimeIsNull() {
    #expect(JSONValue.nullable(nil) == .null)
    #expect(JSONValue.nullable("x") == .string("x"))
    #expect(JSONValue.time(nil) == .null)
  }
}
