import Foundation
import ShoplistTestTraits
import Testing

/// What an import says is what it did, or, on a dry run, what it would do.
@Suite(.offThePool) struct ImportReportTests {
  @Test func aDryRunSaysWouldImportAndListsWhatReplaceWouldRemove() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs", "bread", "jam")
    let path = try shoplist.file("week.txt", "milk\nbutter\n")
    let before = shoplist.databaseBytes()

    let result = try shoplist.run("import", path, "--mode", "replace", "--dry-run")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        would import \(path): 1 added, 0 updated, 1 unchanged, 3 removed
        would remove eggs from shopping
        would remove bread from shopping
        would remove jam from shopping

        """, "\(result)")
    #expect(!result.stdout.contains("imported"))
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func aDryRunListsTwentyRemovalsThenACount() throws {
    let shoplist = try Shoplist()
    try shoplist.ok(arguments: ["add"] + (1...25).map { "item \($0)" })
    let path = try shoplist.file("week.txt", "bread\n")

    let result = try shoplist.run("import", path, "--mode", "replace", "--dry-run")

    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 22, "\(result)")
    #expect(lines.dropFirst().first == "would remove item 1 from shopping")
    #expect(lines.last == "… and 5 more", "\(result)")
  }

  @Test func theOneLineNameOnStandardInputIsAnItem() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("import", "-", stdin: "name\n")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "imported stdin: 1 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["name"])
  }

  @Test func aHeaderWithASeparatorAndANameColumnIsStillCSV() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("import", "-", stdin: "name;quantity\nmilk;1,5\n")
    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.items()["milk"]?["quantity"] as? Double == 1.5)
  }
}
