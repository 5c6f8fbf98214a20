import ShoplistTestSupport
import ShoppingCore
import Testing

/// The quantity-phrase rule of the contract ("Quantity phrases"), example by example.
@Suite struct QuantityPhraseTests {
  /// Every example the contract gives, and the cases around them.
  @Test(
    arguments: [
      ("2 milk", "milk", "2", nil),
      ("2 l milk", "milk", "2", "l"),
      ("2l milk", "milk", "2", "l"),
      ("1,5 kg apples", "apples", "1.5", "kg"),
      ("500 g greek yoghurt", "greek yoghurt", "500", "g"),
      ("milk 2 l", "milk", "2", "l"),
      ("eggs x12", "eggs", "12", nil),
      ("eggs ×12", "eggs", "12", nil),
      ("12x eggs", "eggs", "12", nil),
      ("½ l cream", "cream", "0.5", "l"),
      ("3 musketeers bar", "musketeers bar", "3", nil),
      ("7up", "7up", nil, nil),
      ("Item 2", "Item 2", nil, nil),
      ("Route 66 sauce", "Route 66 sauce", nil, nil),
      // Around them.
      ("milk", "milk", nil, nil),
      ("2 L Milk", "Milk", "2", "L"),
      ("2 KG flour", "flour", "2", "KG"),
      ("milk 2l", "milk", "2", "l"),
      ("eggs 12x", "eggs", "12", nil),
      ("1½ l cream", "cream", "1.5", "l"),
      ("¾ kg cherries", "cherries", "0.75", "kg"),
      ("0.5 l oat milk", "oat milk", "0.5", "l"),
      ("2 dozen eggs", "eggs", "2", "dozen"),
      ("2 cans tomatoes", "tomatoes", "2", "cans"),
      ("box of chocolates", "box of chocolates", nil, nil),
      ("2 box of chocolates", "of chocolates", "2", "box"),
      ("2x box of chocolates", "box of chocolates", "2", nil),
      ("1x 3 musketeers bar", "3 musketeers bar", "1", nil),
      // The mark as a word of its own after a number: a count.
      ("2 x pizza", "pizza", "2", nil),
      ("2 × pizza", "pizza", "2", nil),
      ("3 X frozen peas", "frozen peas", "3", nil),
      ("2 x", "x", "2", nil),
      // One quantity per phrase: a leading one, then the rest as written.
      ("2 milk 3 l", "milk 3 l", "2", nil),
      // Not quantities: zero, more digits than a quantity holds, a number with two points.
      ("00 flour", "00 flour", nil, nil),
      ("0 milk", "0 milk", nil, nil),
      ("1.2.3 sauce", "1.2.3 sauce", nil, nil),
      ("2x4 timber", "2x4 timber", nil, nil),
      ("xl shirt", "xl shirt", nil, nil),
      ("l", "l", nil, nil),
      // White space of every kind between words, ASCII or not; text without a digit as written.
      ("2\tl  milk", "milk", "2", "l"),
      ("2\u{00A0}l milk", "milk", "2", "l"),
      ("Crème fraîche 2 l", "Crème fraîche", "2", "l"),
      ("  oat  milk ", "  oat  milk ", nil, nil),
    ] as [(String, String, String?, String?)])
  func aPhraseReadsAsItsNameQuantityAndUnit(
    text: String, name: String, quantity: String?, unit: String?
  ) throws {
    let phrase = QuantityPhrase(parsing: text)

    #expect(phrase.name == name)
    #expect(phrase.quantity == (try quantity.map { try Quantity($0) }))
    #expect(phrase.unit == unit)
    #expect(!phrase.isOnlyQuantity)
  }

  @Test(arguments: ["2", "2 l", "2l", "x12", "12x", "½", "1,5 kg", "3 pack"])
  func aQuantityAloneLeavesNoName(text: String) {
    let phrase = QuantityPhrase(parsing: text)
    #expect(phrase.isOnlyQuantity)
    #expect(phrase.name == "")
  }

  /// The contract's examples of writing an item as a phrase: the shortest text that reads back.
  @Test(
    arguments: [
      ("milk", "1", nil, "milk"),
      ("milk", "2", "l", "2 l milk"),
      ("milk", "2", nil, "2 milk"),
      ("box of chocolates", "2", nil, "2x box of chocolates"),
      ("3 musketeers bar", "1", nil, "1x 3 musketeers bar"),
      ("x pizza", "2", nil, "2x x pizza"),
      ("Item 2", "1", nil, "Item 2"),
      ("7up", "6", nil, "6 7up"),
      ("eggs x12", "1", nil, "1x eggs x12"),
      ("3 musketeers bar", "2", nil, "2 3 musketeers bar"),
      ("milk 2 l", "1", nil, "1x milk 2 l"),
      ("cream", "0.5", "l", "0.5 l cream"),
      ("l", "2", "l", "2 l l"),
    ] as [(String, String, String?, String)])
  func anItemIsWrittenAsTheShortestPhraseThatReadsBack(
    name: String, quantity: String, unit: String?, text: String
  ) throws {
    #expect(QuantityPhrase.text(name: name, quantity: try Quantity(quantity), unit: unit) == text)
  }

  @Test func aUnitThatIsNotAPhraseUnitIsLeftOut() throws {
    let text = QuantityPhrase.text(name: "parsley", quantity: try Quantity("3"), unit: "bunch")
    #expect(text == "3 parsley")
  }

  /// Writing any item as a phrase and reading it back gives the same name, quantity and unit.
  @Test func writingThenReadingGivesTheSameItem() throws {
    var random = SplitMix64(seed: 0xF00D)
    let words = [
      "milk", "2", "l", "x12", "12x", "box", "of", "3", "musketeers", "7up", "Item", "½",
      "1,5", "kg", "eggs", "×2", "0", "00", "dozen", "Crème", "2l", "x", "×", "pack", "66",
    ]
    let quantities = ["1", "2", "0.5", "1.25", "12", "500", "0.001", "999999"]
    let units: [String?] = [nil, nil, "l", "kg", "g", "pack", "dozen", "L", "Bottles"]
    for _ in 0..<5_000 {
      let count = 1 + Int(random.next() % 4)
      let name = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }
        .joined(separator: " ")
      let quantity = try Quantity(quantities[Int(random.next() % UInt64(quantities.count))])
      let unit = units[Int(random.next() % UInt64(units.count))]

      let text = QuantityPhrase.text(name: name, quantity: quantity, unit: unit)
      let read = QuantityPhrase(parsing: text)

      #expect(read.name == name, "\(name) as \(text)")
      #expect((read.quantity ?? .one) == quantity, "\(name) \(quantity) as \(text)")
      #expect(read.unit == unit, "\(name) \(unit ?? "-") as \(text)")
    }
  }
}
