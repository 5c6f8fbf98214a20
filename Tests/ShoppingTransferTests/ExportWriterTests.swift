import Foundation
import Testing

@testable import ShoppingCore
@testable import ShoppingTransfer

@Suite struct ExportWriterTests {
  static let products = [
    Product(
      id: UUID(), name: "Milk, \"whole\"", isChecked: true, quantity: (try? Quantity("1.5")) ?? 2,
      unit: "l", category: " dairy", note: "say \"hi\", twice", addedAt: Date()
    ),
    Product(id: UUID(), name: "Crème fraîche 日本", addedAt: Date()),
  ]
  static let list = ShoppingList(
    id: UUID(), name: "Party, \"big\"", createdAt: Date(),
    products: [products[0], products[1]]
  )

  func export(_ format: ExportWriter.Format, lists: [ShoppingList] = [list]) throws -> String {
    var output = ""
    var writer = ExportWriter(format: format, commentsLists: lists.count > 1) { output += $0 }
    try writer.begin()
    for list in lists { try writer.write(list) }
    try writer.end()
    return output
  }

  func expectReadBack(_ format: ImportFormat, _ text: String) throws {
    let batch = try read(format, text)
    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == Self.products.map(\.name))
    #expect(batch.rows.map(\.id) == Self.products.map(\.id))
    #expect(batch.rows.map(\.list) == [Self.list.name, Self.list.name])
    let milk = try #require(batch.rows.first?.changes)
    #expect(milk.quantity == Self.products[0].quantity)
    #expect(milk.unit == .some("l"))
    #expect(milk.category == .some("dairy"))
    #expect(milk.note == .some(Self.products[0].note))
    #expect(milk.isChecked == true)
    let creme = try #require(batch.rows.last?.changes)
    #expect(creme.unit == .some(nil))
    #expect(creme.isChecked == false)
  }

  @Test func csvWithQuotesAndCommasReadsBackAsWritten() throws {
    let csv = try export(.csv)
    #expect(csv.hasPrefix("name,quantity,unit,category,note,checked,list,id,addedAt,updatedAt\n"))
    try expectReadBack(.csv, csv)
  }

  @Test func ndjsonHasOneItemPerLineWithItsListAndReadsBackAsWritten() throws {
    let ndjson = try export(.ndjson)
    #expect(ndjson.split(separator: "\n").count == 2)
    #expect(ndjson.hasSuffix(#", "list": "Party, \"big\""}"# + "\n"))
    try expectReadBack(.ndjson, ndjson)
  }

  @Test func theJSONDocumentReadsBackAsWritten() throws {
    let json = try export(.json)
    #expect(json.hasPrefix(#"{"format": "shoplist/1", "lists": ["#))
    _ = try JSONSerialization.jsonObject(with: Data(json.utf8))
    try expectReadBack(.json, json)
  }

  @Test func textHasOneItemPerLineAsItsPhraseAndCommentsNamingListsWhenThereAreSeveral() throws {
    #expect(try export(.text) == "[x] 1.5 l Milk, \"whole\"\n[ ] Crème fraîche 日本\n")
    let empty = ShoppingList(id: UUID(), name: "Empty", createdAt: Date())
    #expect(try export(.text, lists: [Self.list, empty]).hasSuffix("日本\n# list: Empty\n"))
  }

  @Test func textReadsBackAsNamesQuantitiesUnitsAndChecks() throws {
    let batch = try read(.text, try export(.text))
    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == Self.products.map(\.name))
    #expect(batch.rows.map(\.changes.isChecked) == [true, false])
    #expect(batch.rows.first?.changes.quantity == Self.products[0].quantity)
    #expect(batch.rows.first?.changes.unit == .some("l"))
  }

  @Test func textWritesNamesThatLookLikeMarkupOrPhrasesSoTheyReadBack() throws {
    let names = [
      "#1 tip", "\\back", "- dash", "[x] box", "* star", "1. first", "2 l", "box of chocolates",
      "3 musketeers bar", "milk 2 l", "x12", "Item 10", "½", "# list: other",
    ]
    let products = names.enumerated().map { offset, name in
      Product(
        id: UUID(), name: name, isChecked: offset % 2 == 0,
        quantity: offset % 3 == 0 ? 1 : 2, unit: offset % 4 == 0 ? "kg" : nil, addedAt: Date())
    }
    var list = ShoppingList(id: UUID(), name: "odd", createdAt: Date())
    products.forEach { list.append($0) }
    let batch = try read(.text, try export(.text, lists: [list]))

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == names)
    #expect(batch.rows.map(\.changes.isChecked) == products.map { $0.isChecked })
    #expect(batch.rows.map { $0.changes.quantity ?? .one } == products.map { $0.quantity })
    #expect(batch.rows.map { $0.changes.unit ?? nil } == products.map { $0.unit })
  }

  @Test func anExportWithoutItemsIsStillAValidDocument() throws {
    let empty = ShoppingList(id: UUID(), name: "Empty", createdAt: Date())
    #expect(
      try read(.json, try export(.json, lists: [empty]))
        == ImportBatch(lists: [.init(name: "Empty", beforeRow: 0)]))
    #expect(try read(.json, try export(.json, lists: [])) == ImportBatch())
    #expect(try export(.csv, lists: [empty]) == ExportWriter.csvHeader + "\n")
  }
}
