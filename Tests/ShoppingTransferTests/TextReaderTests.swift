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
}
