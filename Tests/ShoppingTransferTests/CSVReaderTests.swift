import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

@Suite struct CSVReaderTests {
  @Test func columnsAreMatchedByHeaderNameInAnyCaseAndUnknownOnesIgnored() throws {
    let batch = try read(.csv, "Extra,QUANTITY,Name,Unit\nzz,2,Milk,l\n")

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows == [
        ImportRow(line: 2, name: "Milk", changes: try ProductChanges(quantity: "2", unit: "l"))
      ])
  }

  @Test func quotedFieldsHoldCommasEscapedQuotesAndLineBreaks() throws {
    let csv = "name,note\n\"Milk, whole\",\"say \"\"hi\"\"\"\n\"Eggs\nfree range\",x\nTea,y\n"
    let batch = try read(.csv, csv)

    #expect(batch.rows.map(\.name) == ["Milk, whole", "Eggs free range", "Tea"])
    #expect(batch.rows.first?.changes.note == .some("say \"hi\""))
    // A row's line is the line it starts on, even after a quoted line break.
    #expect(batch.rows.map(\.line) == [2, 3, 5])
  }

  @Test func aByteOrderMarkAndCRLFLineEndsAreAccepted() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("name,quantity\r\nMilk,2\r\nTea,1\r\n".utf8)
    let batch = try read(.csv, bytes: bytes)

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(batch.rows.map(\.changes.quantity) == [try Quantity("2"), .one])
  }

  @Test func blankLinesAreSkippedAndALastLineWithoutLineFeedCounts() throws {
    let batch = try read(.csv, "name\n\nMilk\n\r\n\nTea")

    #expect(batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(batch.rows.map(\.line) == [3, 6])
  }

  @Test func everyCheckedSpellingIsUnderstood() throws {
    let csv = "name,checked\na,true\nb,FALSE\nc,1\nd,0\ne,yes\nf,No\ng,x\nh,\ni, X \n"
    let batch = try read(.csv, csv)

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(\.changes.isChecked)
        == [true, false, true, false, true, false, true, false, true]
    )
  }

  @Test func emptyCellsClearTextFieldsButLeaveQuantityAndMissingColumnsAlone() throws {
    let batch = try read(.csv, "name,quantity,unit,category,note\nMilk,,,,\nTea\n")

    let milk = try #require(batch.rows.first)
    #expect(milk.changes.quantity == nil)
    #expect(milk.changes.unit == .some(nil))
    #expect(milk.changes.category == .some(nil))
    #expect(milk.changes.note == .some(nil))
    // A short record gives no value for the columns it lacks.
    #expect(batch.rows.last?.changes == ProductChanges.none)
  }

  @Test func listAndIdColumnsRouteAndIdentifyRows() throws {
    let id = UUID()
    let batch = try read(
      .csv, "name,list,id\nChips,  Party ,\(id.uuidString.lowercased())\nTea,,\n")

    #expect(batch.rows.map(\.list) == ["Party", nil])
    #expect(batch.rows.map(\.id) == [id, nil])
  }

  @Test func aHeaderWithoutANameColumnStopsTheImport() {
    #expect(throws: ImportError(file: "in.csv", line: 1, reason: .missingNameColumn)) {
      try read(.csv, "price,quantity\nMilk,2\n")
    }
  }

  @Test func aQuantityCellWithAUnitFillsQuantityAndUnit() throws {
    let cells = ["2 l", "500g", "\"1,5 kg\"", "x12", "½ l", "3", "2 dozen"]
    let batch = try read(.csv, "name,quantity\n" + cells.map { "i,\($0)" }.joined(separator: "\n"))

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(\.changes.quantity)
        == ["2", "500", "1.5", "12", "0.5", "3", "2"].map { try? Quantity($0) })
    // A plain number or a count leaves the unit as it is; a unit sets it.
    #expect(
      batch.rows.map(\.changes.unit)
        == [.some("l"), .some("g"), .some("kg"), nil, .some("l"), nil, .some("dozen")])
  }

  @Test func aUnitColumnSaysOtherwiseUnlessItsCellIsEmpty() throws {
    let batch = try read(.csv, "name,quantity,unit\na,2 l,ml\nb,2 l,\nc,2,kg\n")

    #expect(batch.rows.map(\.changes.unit) == [.some("ml"), .some("l"), .some("kg")])
    #expect(batch.rows.map(\.changes.quantity) == [2, 2, 2])
  }

  @Test func aQuantityCellThatNamesAnItemIsABadQuantity() throws {
    let batch = try read(.csv, "name,quantity\na,2 l milk\nb,lots\nc,2 pieces\nd,0 l\n")

    #expect(batch.rows.isEmpty)
    #expect(
      reasons(batch).map(\.1)
        == ["2 l milk", "lots", "2 pieces", "0 l"].map {
          .invalidField(.invalidQuantity($0))
        })
  }

  @Test func anEmptyFileHasNoRows() throws {
    #expect(try read(.csv, "") == ImportBatch())
    #expect(try read(.csv, "name,quantity\n") == ImportBatch())
  }

  @Test func aQuoteLeftOpenIsABadRowAtTheLineItOpensOn() throws {
    let batch = try read(.csv, "name\nMilk\n\"Tea\nand more\n")

    #expect(batch.rows.map(\.name) == ["Milk"])
    #expect(batch.errors == [ImportError(file: "in.csv", line: 3, reason: .unterminatedQuote)])
  }

  @Test func aQuoteInsideAnUnquotedFieldIsKept() throws {
    let batch = try read(.csv, "name,note\n12\" pizza,\"ok\"x\n")

    #expect(batch.rows.first?.name == "12\" pizza")
    #expect(batch.rows.first?.changes.note == .some("okx"))
  }

  @Test func invalidUTF8IsABadRow() throws {
    let bytes = Array("name\nMilk\n".utf8) + [0xC3, 0x28, 0x0A] + Array("Tea\n".utf8)
    let batch = try read(.csv, bytes: bytes)

    #expect(batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(
      batch.errors == [
        ImportError(
          file: "in.csv", line: 3, reason: .invalidUTF8,
          skipped: SkippedImportRow(line: 3, list: .target)
        )
      ])
  }

  @Test func batchesNeverExceedTheirSizeAndKeepTheOrder() throws {
    let names = (1...10).map { "item \($0)" }
    let batch = try read(.csv, "name\n" + names.joined(separator: "\n"), batchSize: 4)

    #expect(batch.rows.map(\.name) == names)
  }
}
