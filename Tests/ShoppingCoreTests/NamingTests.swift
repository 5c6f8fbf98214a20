import Testing

@testable import ShoppingCore

@Suite struct NamingTests {
  @Test func namesAreTrimmedAndInnerWhiteSpaceCollapses() throws {
    #expect(try Naming.name("  Oat \t  milk  ") == "Oat milk")
    #expect(try Naming.name("Crème\u{00A0}fraîche") == "Crème fraîche")
  }

  @Test(arguments: [
    ("a\tb", "a b"), ("  a  b  ", "a b"), ("a\r\nb", "a b"), ("milk", "milk"), ("x\u{0B}y", "x y"),
  ])
  func plainASCIINamesFollowTheSameRules(raw: String, expected: String) throws {
    #expect(try Naming.name(raw) == expected)
  }

  @Test func asciiControlsAndOverlongASCIINamesAreRefused() {
    #expect(throws: ShoppingError.invalidName("a\u{7F}", problem: .controlCharacter)) {
      try Naming.name("a\u{7F}")
    }
    #expect(throws: ShoppingError.invalidName("a\u{1}b", problem: .controlCharacter)) {
      try Naming.name("a\u{1}b")
    }
    let long = String(repeating: "x", count: 201)
    #expect(throws: ShoppingError.invalidName(long, problem: .tooLong(length: 201, limit: 200))) {
      try Naming.name(long)
    }
    #expect(
      throws: ShoppingError.invalidText(
        field: "unit", value: long, problem: .tooLong(length: 201, limit: 200))
    ) {
      try Naming.text(long, field: "unit")
    }
  }

  @Test func anEmptyNameIsRefused() {
    #expect(throws: ShoppingError.invalidName("   ", problem: .empty)) { try Naming.name("   ") }
  }

  @Test func aNameOfMoreThan200CharactersIsRefused() throws {
    let long = String(repeating: "é", count: 201)
    #expect(throws: ShoppingError.invalidName(long, problem: .tooLong(length: 201, limit: 200))) {
      try Naming.name(long)
    }
    #expect(try Naming.name(String(repeating: "é", count: 200)).count == 200)
  }

  @Test func controlCharactersAreRefused() {
    #expect(throws: ShoppingError.invalidName("a\u{7}b", problem: .controlCharacter)) {
      try Naming.name("a\u{7}b")
    }
  }

  @Test func keysIgnoreCaseAndUnicodeComposition() {
    #expect(Naming.key("MILK") == Naming.key("milk"))
    #expect(Naming.key("Crème") == Naming.key("CRÈME"))
    // Composed and decomposed accents are the same name.
    #expect(Naming.key("Cr\u{E8}me") == Naming.key("Cre\u{300}me"))
    #expect(Array(Naming.key("Cre\u{300}me").value.utf8) == Array("cr\u{E8}me".utf8))
    #expect(Naming.key("Milk") != Naming.key("Mild"))
  }

  @Test func textFieldsAreTrimmedAndEmptyTextClears() throws {
    #expect(try Naming.text("  l ", field: "unit") == "l")
    #expect(try Naming.text("", field: "unit") == nil)
    #expect(
      throws: ShoppingError.invalidText(field: "note", value: "a\nb", problem: .controlCharacter)
    ) {
      try Naming.text("a\nb", field: "note")
    }
  }

  @Test func errorMessagesNameTheBadValue() {
    let error = ShoppingError.invalidName("a\u{7}b", problem: .controlCharacter)
    #expect(error.description == #"invalid name "a\u{7}b": control characters are not allowed"#)
    #expect(
      ShoppingError.noSuchItem("tea", list: "shopping").description
        == #"no item "tea" in list "shopping""#
    )
    #expect(ShoppingError.noSuchList("x").description == #"no list "x""#)
  }
}

@Suite struct QuantityTests {
  @Test(arguments: [
    ("2", "2"), ("0.5", "0.5"), ("1.25", "1.25"), ("1.50", "1.5"), (".5", "0.5"), ("2.", "2"),
    ("1e2", "100"), ("2.5E-1", "0.25"), ("007", "7"), ("0.001", "0.001"), ("+3", "3"),
  ])
  func parsesPositiveDecimals(text: String, expected: String) throws {
    #expect(try Quantity(text).description == expected)
  }

  @Test(arguments: [
    "0", "0.0", "-1", "abc", "", ".", "1.2.3", "1e", "1e99", "12345678901234567890", " 2",
  ])
  func refusesAnythingElse(text: String) {
    #expect(throws: ShoppingError.invalidQuantity(text)) { try Quantity(text) }
  }

  @Test(arguments: [
    "2", "0.5", "1.25", "1.50", ".5", "2.", "1e2", "2.5E-1", "007", "+3", "1,5", "1e-36",
    "0", "-1", "abc", "", ".", "1.2.3", "1e", "1e99", "1e+2", "12345678901234567890", " 2",
    "2\u{E9}", "\u{663}",
  ])
  func readsBytesAsItReadsText(text: String) {
    let fromBytes = Array(text.utf8).withUnsafeBufferPointer { Quantity(utf8: $0) }
    #expect(fromBytes == (try? Quantity(text)))
  }

  @Test func equalValuesAreEqual() throws {
    #expect(try Quantity("1.50") == Quantity("1.5"))
    #expect(try Quantity("0.1").doubleValue == 0.1)
  }
}
