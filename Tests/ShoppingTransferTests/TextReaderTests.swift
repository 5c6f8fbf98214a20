import ShoppingCore
import Testing

@testable import ShoppingTransfer

@Suite struct TextReaderTests {
  @Test func oneNamePerLineSkippingBlankLinesAndComments() throws {
    let batch = try read(
      .text, "# week 47\nMilk\n\n   \n  # indented comment\n  oat   milk  \r\nTea")

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows == [
        ImportRow(line: 2, name: "Milk"), ImportRow(line: 6, name: "oat milk"),
        ImportRow(line: 7, name: "Tea"),
      ])
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let batch = try read(.text, bytes: [0xEF, 0xBB, 0xBF] + Array("Milk\n".utf8))

    #expect(batch.rows.map(\.name) == ["Milk"])
  }

  @Test func anEmptyInputHasNoRows() throws {
    #expect(try read(.text, "") == ImportBatch())
  }

  @Test func listBulletsAreMarkupNotPartOfTheName() throws {
    let batch = try read(.text, "- milk\n* eggs\n• bread\n1. tea\n12) jam\n  -   oat milk\n")

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["milk", "eggs", "bread", "tea", "jam", "oat milk"])
    #expect(batch.rows.allSatisfy { $0.changes == .none })
  }

  @Test func whatOnlyLooksLikeABulletStaysInTheName() throws {
    let batch = try read(.text, "-dash\n1.5 l milk\n-\n•\n1234567890. x\n")

    #expect(batch.rows.map(\.name) == ["-dash", "milk", "-", "•", "1234567890. x"])
    #expect(try read(.text, "2024. year\n").rows.map(\.name) == ["year"])
  }

  @Test func markdownTaskMarksGiveTheCheckedState() throws {
    let batch = try read(.text, "- [ ] milk\n- [x] eggs\n* [X] bread\n1. [ ] tea\n[x] jam\n")

    #expect(batch.rows.map(\.name) == ["milk", "eggs", "bread", "tea", "jam"])
    #expect(batch.rows.map(\.changes.isChecked) == [false, true, true, false, true])
  }

  @Test func aLineThatIsAQuantityPhraseGivesQuantityAndUnit() throws {
    let batch = try read(.text, "2 l milk\neggs x12\n- [x] 500g greek yoghurt\n3 musketeers bar\n")

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["milk", "eggs", "greek yoghurt", "musketeers bar"])
    #expect(batch.rows.map(\.changes.quantity) == [2, 12, 500, 3])
    #expect(batch.rows.map(\.changes.unit) == [.some("l"), .some(nil), .some("g"), .some(nil)])
    #expect(batch.rows.map(\.changes.isChecked) == [nil, nil, true, nil])
    // Digits that are part of a name stay in it, and give no quantity.
    let names = try read(.text, "7up\nItem 2\nRoute 66 sauce\n")
    #expect(names.rows.map(\.name) == ["7up", "Item 2", "Route 66 sauce"])
    #expect(names.rows.allSatisfy { $0.changes == .none })
  }

  @Test func aLineThatIsOnlyAQuantityIsABadRowWithItsReason() throws {
    let batch = try read(.text, "- milk\n2 l\n- [x] 3\n")

    #expect(batch.rows.map(\.name) == ["milk"])
    #expect(reasons(batch).map(\.0) == [2, 3])
    #expect(reasons(batch).map(\.1) == [.onlyQuantity("2 l"), .onlyQuantity("3")])
    #expect(
      batch.errors.first?.description
        == "in.text:2: \"2 l\" is a quantity, not an item (a line starting with \\ is taken as "
        + "a name)")
  }

  @Test func aBackslashTakesTheRestOfTheLineLiterally() throws {
    let batch = try read(.text, "\\- milk\n\\[x] box\n\\2 l\n\\#1 tip\n\\\\back\n")

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["- milk", "[x] box", "2 l", "#1 tip", "\\back"])
    #expect(batch.rows.allSatisfy { $0.changes == .none })
  }
}
