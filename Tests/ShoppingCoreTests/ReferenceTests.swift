import Testing

@testable import ShoppingCore

@Suite struct ReferenceTests {
  let shopping = list(
    "shopping", [milk, eggs, bread, product(4, "Milk chocolate"), product(5, "2024 wine")])

  @Test func aNumberIsAPosition() throws {
    #expect(try shopping.resolve("2") == eggs.id)
  }

  @Test func aNameMatchesUnderNormalisedComparison() throws {
    #expect(try shopping.resolve("  MILK ") == milk.id)
  }

  @Test func anExactNameBeatsAPrefix() throws {
    // "milk" is also a prefix of "Milk chocolate".
    #expect(try shopping.resolve("milk") == milk.id)
  }

  @Test func aUniquePrefixMatches() throws {
    #expect(try shopping.resolve("bre") == bread.id)
    #expect(try shopping.resolve("milk c") == fixtureID(4))
  }

  @Test func aNumberBeyondTheListIsTriedAsAName() throws {
    #expect(try shopping.resolve("2024") == fixtureID(5))
  }

  @Test func anAmbiguousPrefixNamesTheCandidates() {
    #expect(
      throws: ShoppingError.ambiguousReference(
        "mi", candidates: ["Milk", "Milk chocolate"], list: "shopping"
      )
    ) { try shopping.resolve("mi") }
  }

  @Test func aMissIsNoSuchItem() {
    #expect(throws: ShoppingError.noSuchItem("tea", list: "shopping")) {
      try shopping.resolve("tea")
    }
    #expect(throws: ShoppingError.noSuchItem("0", list: "shopping")) { try shopping.resolve("0") }
  }

  @Test func severalReferencesResolveAllOrNothing() throws {
    #expect(try shopping.resolve(["1", "bread", "milk"]) == [milk.id, bread.id])
    #expect(throws: ShoppingError.noSuchItem("tea", list: "shopping")) {
      try shopping.resolve(["1", "tea", "bread"])
    }
  }
}
