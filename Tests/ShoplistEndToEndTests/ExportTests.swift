import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ExportTests {
  /// Lists with what a naive writer gets wrong: commas, quotes, leading spaces, non-Latin
  /// names, checked items, cleared fields, decimals.
  func fill(_ shoplist: Shoplist) throws {
    try shoplist.ok(
      "add", "Milk, \"whole\"", "--quantity", "1.5", "--unit", "l",
      "--category", "dairy", "--note", "say \"hi\", twice")
    try shoplist.ok("add", "Crème fraîche", "牛乳", "Молоко")
    try shoplist.ok("check", "2")
    try shoplist.ok("add", "Chips", "--list", "Party, \"big\"", "--note", "  spaced")
    try shoplist.ok("move", "2", "1")
  }

  func items(_ shoplist: Shoplist, list: String) throws -> [[String: String]] {
    let document = try shoplist.run("list", "--json", "--list", list).json()
    return (document["items"] as? [[String: Any]] ?? []).map { item in
      // Everything but the timestamps, which record when the items were written.
      item.filter { $0.key != "addedAt" && $0.key != "updatedAt" }
        .mapValues { "\($0)" }
    }
  }

  @Test(arguments: ["json", "csv"])
  func exportThenImportIntoAnEmptyDatabaseReproducesEveryList(format: String) throws {
    let source = try Shoplist()
    try fill(source)
    let exported = try source.run("export", "--all-lists", "--format", format)
    #expect(exported.status == 0, "\(exported)")

    let copy = try Shoplist()
    let path = try copy.file("backup.\(format)", exported.stdout)
    let imported = try copy.run("import", path)

    #expect(imported.status == 0, "\(imported)")
    for list in ["shopping", "Party, \"big\""] {
      let original = try items(source, list: list)
      #expect(!original.isEmpty)
      #expect(try items(copy, list: list) == original, "\(list)")
    }
    #expect(
      try copy.run("export", "--all-lists", "--format", format).stdout.count
        == exported.stdout.count)
  }

  @Test func jsonIsTheShoplistDocumentWithTheListOutputsItemFields() throws {
    let shoplist = try Shoplist()
    try fill(shoplist)

    let result = try shoplist.run("export")

    let document = try result.json()
    #expect(document["format"] as? String == "shoplist/1")
    let lists = try #require(document["lists"] as? [[String: Any]])
    #expect(lists.map { $0["name"] as? String } == ["shopping"])
    let listed = try shoplist.run("list", "--json").stdout
    let firstItem = try #require(
      (lists.first?["items"] as? [[String: Any]])?.first?["id"] as? String
    )
    #expect(listed.contains(firstItem))
    // The same field names in the same order as `list --json`.
    let fields = #"{"id": "\#(firstItem)", "position": 1, "name": "#
    #expect(result.stdout.contains(fields))
    #expect(listed.contains(fields))
  }

  @Test func csvHasAHeaderNamingEveryColumnAndTextOneItemPerLine() throws {
    let shoplist = try Shoplist()
    try fill(shoplist)

    let csv = try shoplist.run("export", "--format", "csv").stdout
    let text = try shoplist.run("export", "--format", "text").stdout

    #expect(csv.hasPrefix("name,quantity,unit,category,note,checked,list,id,addedAt,updatedAt\n"))
    #expect(csv.contains(#""Milk, ""whole""",1.5,l,dairy,"say ""hi"", twice",false,shopping,"#))
    #expect(text == "[x] Crème fraîche\n[ ] 1.5 l Milk, \"whole\"\n[ ] 牛乳\n[ ] Молоко\n")
  }

  @Test func outputIsWrittenToTheFileAndNoTemporaryFileIsLeft() throws {
    let shoplist = try Shoplist()
    try fill(shoplist)
    let output = shoplist.folder.appendingPathComponent("out/backup.csv")
    try FileManager.default.createDirectory(
      at: output.deletingLastPathComponent(), withIntermediateDirectories: true
    )
    try Data("old".utf8).write(to: output)

    let result = try shoplist.run("export", "--format", "csv", "--output", output.path)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("to \(output.path)"))
    let written = String(decoding: shoplist.fileBytes(output) ?? Data(), as: UTF8.self)
    #expect(written == (try shoplist.run("export", "--format", "csv").stdout))
    let folder = try FileManager.default.contentsOfDirectory(
      atPath: output.deletingLastPathComponent().path
    )
    #expect(folder == ["backup.csv"])
  }

  @Test func aFailedExportLeavesTheOldFileAndNoTemporaryFile() throws {
    let shoplist = try Shoplist()
    let output = shoplist.folder.appendingPathComponent("backup.json")
    try Data("old".utf8).write(to: output)
    let before = try FileManager.default.contentsOfDirectory(atPath: shoplist.folder.path)

    let missingList = try shoplist.run("export", "--list", "nope", "--output", output.path)
    let missingFolder = try shoplist.run(
      "export", "--output", shoplist.folder.appendingPathComponent("no/such/file").path
    )

    #expect(missingList.status == 65, "\(missingList)")
    #expect(missingList.stderr == "shoplist: no list \"nope\"\n")
    #expect(missingFolder.status == 73, "\(missingFolder)")
    #expect(shoplist.fileBytes(output) == Data("old".utf8))
    let after = try FileManager.default.contentsOfDirectory(atPath: shoplist.folder.path)
    #expect(Set(after).subtracting(["data"]) == Set(before).subtracting(["data"]))
  }

  @Test func theHelpShowsAnExample() throws {
    let shoplist = try Shoplist()
    let help = try shoplist.run("export", "--help")
    #expect(help.stdout.contains("shoplist export --all-lists --output backup.json"))
    #expect(help.stdout.contains("shoplist export --format csv --all-lists --output lists.csv"))
  }
}
