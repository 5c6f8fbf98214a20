import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

@Suite struct JSONReaderTests {
  @Test func theExportDocumentRoutesItemsToTheirListsWithAllFields() throws {
    let id = UUID()
    let document = """
      {"format": "shoplist/1", "lists": [
      {"name": "shopping", "items": [
      {"id": "\(id)", "position": 1, "name": "Milk", "checked": true, "quantity": 2,
       "unit": "l", "category": "dairy", "note": null, "addedAt": "2026-11-21T10:00:00Z",
       "updatedAt": "2026-11-21T10:00:00Z", "extra": {"nested": [1, 2, {"x": null}]}}
      ]},
      {"name": "Party", "items": [{"name": "Chips", "list": "ignored"}]},
      {"name": "Empty", "items": []}
      ]}
      """
    let batch = try read(.json, document)

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows == [
        ImportRow(
          line: 3, id: id, name: "Milk", list: "shopping",
          changes: try ProductChanges(
            quantity: "2", unit: "l", category: "dairy", note: "",
            isChecked: true),
          addedAt: Timestamp.date(from: "2026-11-21T10:00:00Z"),
          updatedAt: Timestamp.date(from: "2026-11-21T10:00:00Z")
        ),
        ImportRow(line: 7, name: "Chips", list: "Party"),
      ])
    #expect(
      batch.lists == [
        .init(name: "shopping", beforeRow: 0), .init(name: "Party", beforeRow: 1),
        .init(name: "Empty", beforeRow: 2),
      ])
  }

  @Test func aBareArrayOfItemsGoesToEachItemsListOrTheTarget() throws {
    let batch = try read(.json, #"[{"name": "Tea", "list": "Party"}, {"name": "Milk"}]"#)

    #expect(batch.rows.map(\.list) == ["Party", nil])
  }

  @Test func stringEscapesAndNonLatinTextAreDecoded() throws {
    let batch = try read(
      .json, #"[{"name": "Cr\u00e8me \"fra\u00eeche\" \ud83e\udd5b \\ / \/", "note": "日本"}]"#
    )

    #expect(batch.rows.first?.name == "Crème \"fraîche\" 🥛 \\ / /")
    #expect(batch.rows.first?.changes.note == .some("日本"))
  }

  @Test func numbersKeepTheirExactDecimal() throws {
    let batch = try read(
      .json, #"[{"name": "a", "quantity": 0.1}, {"name": "b", "quantity": 1e2}]"#)

    #expect(batch.rows.map { $0.changes.quantity?.description } == ["0.1", "100"])
  }

  @Test func listsWhoseItemsComeBeforeTheirNameStillRouteThem() throws {
    let batch = try read(.json, #"{"lists": [{"items": [{"name": "a"}], "name": "Later"}]}"#)

    #expect(batch.rows.map(\.list) == ["Later"])
  }

  @Test func anEmptyDocumentOrArrayHasNoRows() throws {
    #expect(try read(.json, "[]") == ImportBatch())
    #expect(try read(.json, #"{"format": "shoplist/1", "lists": []}"#) == ImportBatch())
  }

  @Test func textAfterTheDocumentStopsTheImport() {
    #expect(throws: ImportError.self) { try read(.json, "[] []") }
    #expect(throws: ImportError.self) { try read(.json, "") }
    #expect(throws: ImportError.self) { try read(.json, #"[{"name": "a"},]"#) }
  }

  @Test func deepNestingIsRefusedInsteadOfExhaustingTheStack() {
    let deep = #"[{"name": "a", "x": "# + String(repeating: "[", count: 100_000)
    #expect(throws: ImportError.self) { try read(.json, deep) }
  }

  @Test func ndjsonReadsOneObjectPerLineSkippingBlankOnes() throws {
    let batch = try read(
      .ndjson, "{\"name\": \"Milk\"}\r\n\n  \n{\"name\": \"Tea\", \"checked\": false}")

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(batch.rows.map(\.line) == [1, 4])
  }

  @Test func ndjsonRefusesTwoObjectsOnOneLine() throws {
    let batch = try read(.ndjson, #"{"name": "a"} {"name": "b"}"#)

    #expect(batch.rows.isEmpty)
    #expect(batch.errors.count == 1)
  }
}
