import Foundation
import ShoplistTestTraits
import Testing

/// Text lists as people write and paste them, and text exports that read back whole.
@Suite(.offThePool) struct ImportTextTests {
  @Test func bulletsMarksAndQuantityPhrasesArePartOfTheLineNotOfTheName() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file(
      "paste.txt", "- 2 l milk\n* eggs x12\n• bread\n1. [x] 500g flour\n2) tea\n\\- dash\n")

    let result = try shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 6 added, 0 updated, 0 unchanged, 0 removed\n")
    let items = try shoplist.items()
    #expect(try shoplist.names() == ["milk", "eggs", "bread", "flour", "tea", "- dash"])
    #expect(items["milk"]?["unit"] as? String == "l")
    #expect(items["eggs"]?["quantity"] as? Int == 12)
    #expect(items["flour"]?["quantity"] as? Int == 500)
    #expect(items["flour"]?["checked"] as? Bool == true)
  }

  @Test func aLineThatIsOnlyAQuantityIsABadRowAndNothingIsImported() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "jam")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("list.txt", "- milk\n- 2 l\n")

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "shoplist: \(path):2: \"2 l\" is a quantity, not an item (a line starting with \\ is "
          + "taken as a name)\n"))
    #expect(
      result.stderr.hasSuffix(
        "nothing imported: 1 invalid row in \(path) (--skip-invalid imports the valid ones)\n"))
    #expect(try shoplist.snapshot() == before)

    let skipping = try shoplist.run("import", path, "--skip-invalid", "--json")

    #expect(skipping.status == 0, "\(skipping)")
    #expect(skipping.stdout.hasPrefix(#"{"added": 1, "updated": 0, "#))
    #expect(try shoplist.names() == ["jam", "milk"])
  }

  @Test func textExportWritesEachItemAsItsBoxAndPhrase() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "--exact", "--", "2 l milk", "#1 tip", "- dash")
    try shoplist.ok("add", "eggs x12", "1,5 kg apples", "3 musketeers bar", "box of chocolates")
    try shoplist.ok("edit", "box of chocolates", "--quantity", "2")
    try shoplist.ok("add", "beans", "--quantity", "3", "--unit", "tins")
    try shoplist.ok("check", "eggs")

    let text = try shoplist.ok("export", "--format", "text").stdout

    #expect(
      text == """
        [ ] 1x 2 l milk
        [ ] #1 tip
        [ ] - dash
        [x] 12 eggs
        [ ] 1.5 kg apples
        [ ] 3 musketeers bar
        [ ] 2x box of chocolates
        [ ] 3 beans

        """)
  }

  @Test func importingATextExportIntoTheSameDatabaseChangesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "2 l milk", "eggs x12", "bread", "#1 tip")
    try shoplist.ok("check", "bread")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("back.txt", try shoplist.ok("export", "--format", "text").stdout)

    let result = try shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 0 added, 0 updated, 4 unchanged, 0 removed\n")
    #expect(try shoplist.snapshot() == before)
  }
}
