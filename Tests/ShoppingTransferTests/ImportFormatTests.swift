import Testing

@testable import ShoppingTransfer

@Suite struct ImportFormatTests {
  @Test func theExtensionPicksTheFormat() {
    #expect(ImportFormat.byExtension("week.CSV") == .csv)
    #expect(ImportFormat.byExtension("/a/b.json") == .json)
    #expect(ImportFormat.byExtension("b.ndjson") == .ndjson)
    #expect(ImportFormat.byExtension("b.jsonl") == .ndjson)
    #expect(ImportFormat.byExtension("notes.txt") == .text)
    #expect(ImportFormat.byExtension("list") == nil)
    #expect(ImportFormat.byExtension("dir.csv/list") == nil)
  }

  @Test func withoutAKnownExtensionTheContentDecides() {
    func sniff(_ text: String) -> ImportFormat { ImportFormat.sniff(ArraySlice(text.utf8)) }
    #expect(sniff("  [{\"name\": \"a\"}]") == .json)
    #expect(sniff("{\"format\": \"shoplist/1\", \"lists\": []}") == .json)
    #expect(sniff("{\n  \"lists\": []}") == .json)
    #expect(sniff("{\"name\": \"a\"}\n{\"name\": \"b\"}") == .ndjson)
    #expect(sniff("\u{FEFF}Name,Quantity\nMilk,2") == .csv)
    #expect(sniff("\"name\",\"unit\"\n") == .csv)
    #expect(sniff("Milk\nEggs, free range\n") == .text)
    #expect(sniff("") == .text)
  }

  @Test func autoUsesTheExtensionBeforeTheContent() throws {
    // Content that looks like CSV, in a .txt file: read as text.
    let batch = try read(.auto, "name,unit\nMilk,l\n", path: "list.txt")
    #expect(batch.rows.map(\.name) == ["name,unit", "Milk,l"])
    let sniffed = try read(.auto, "name,unit\nMilk,l\n", path: "list")
    #expect(sniffed.rows.map(\.name) == ["Milk"])
  }
}
