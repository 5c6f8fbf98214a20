import Foundation
import ShoplistTestTraits
import Testing

/// A backup keeps everything: `export --all-lists --format json` writes the default list, the
/// shops with their orders and each list's shop beside the lists, and importing it into an
/// empty database restores them all. Runs on SQLite and, in the PostgreSQL pass, on
/// PostgreSQL.
@Suite(.offThePool) struct BackupTests {
  /// A household's database: two shops (Aldi the default), a list bought at Lidl that is the
  /// default list, and items in two lists.
  func household() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "2 l milk", "bread", "--category", "Dairy")
    try shoplist.ok("add", "nails", "--list", "DIY week", "--category", "Tools")
    try shoplist.ok("aisles", "--shop", "Lidl", "Produce", "Dairy", "Bakery")
    try shoplist.ok("aisles", "--shop", "Aldi", "Tools")
    try shoplist.ok("shops", "default", "Aldi")
    try shoplist.ok("lists", "shop", "DIY week", "Lidl")
    try shoplist.ok("lists", "default", "DIY week")
    return shoplist
  }

  /// The document without the times an import writes anew.
  func timesAside(_ document: String) -> String {
    document.replacing(/"(addedAt|updatedAt)": "[^"]*"/, with: "")
  }

  @Test func aBackupIntoAnEmptyDatabaseGivesTheSameDocument() throws {
    let source = try household()
    let backup = try source.ok("export", "--all-lists", "--format", "json").stdout
    let document = try Shoplist.Result(status: 0, stdout: backup, stderr: "").json()
    let shops = try #require(document["shops"] as? [[String: Any]])
    #expect(shops.map { $0["name"] as? String } == ["Lidl", "Aldi"])
    #expect(shops.map { $0["default"] as? Bool } == [false, true])
    #expect(shops.first?["aisles"] as? [String] == ["Produce", "Dairy", "Bakery"])
    let lists = try #require(document["lists"] as? [[String: Any]])
    #expect(lists.map { $0["shop"] as? String } == [nil, "Lidl"])
    #expect(lists.map { $0["default"] as? Bool } == [nil, true])

    let copy = try Shoplist()
    let imported = try copy.run("import", try copy.file("backup.json", backup))

    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout.hasPrefix("imported "), "\(imported)")
    let restored = try copy.ok("export", "--all-lists", "--format", "json").stdout
    #expect(timesAside(restored) == timesAside(backup))
    #expect(restored == backup, "the ids and times an export carries come back too")
    for command in [["shops", "--json"], ["lists", "--json"], ["lists", "default"]] {
      #expect(
        try copy.run(arguments: command).stdout == source.run(arguments: command).stdout,
        "\(command)")
    }
    // The default list is the one commands use: an item added without --list goes there.
    try copy.ok("add", "screws")
    #expect(try copy.names(list: "DIY week") == ["nails", "screws"])
  }

  @Test func importingTheBackupAgainChangesNothing() throws {
    let shoplist = try household()
    let path = try shoplist.file(
      "backup.json", try shoplist.ok("export", "--all-lists", "--format", "json").stdout)
    let before = shoplist.databaseBytes()
    let history = try shoplist.ok("history", "--json").stdout

    let again = try shoplist.ok("import", path)

    #expect(again.stdout.contains(": 0 added, 0 updated, 3 unchanged, 0 removed"), "\(again)")
    #expect(try shoplist.ok("history", "--json").stdout == history)
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func undoTakesTheRestoredShopsAndMarksBack() throws {
    let source = try household()
    let copy = try Shoplist()
    try copy.ok("add", "tea")
    let before = try copy.snapshot()
    let backup = try source.ok("export", "--all-lists", "--format", "json").stdout
    try copy.ok("import", try copy.file("backup.json", backup))
    #expect(try copy.ok("lists", "default").stdout == "DIY week\n")

    let undone = try copy.run("undo")

    #expect(undone.status == 0, "\(undone)")
    #expect(try copy.snapshot() == before)
    #expect(try copy.ok("shops", "--json").stdout == "{\"shops\": []}\n")
    #expect(try copy.ok("lists", "default").stdout == "shopping\n")
  }

  @Test func aDryRunOfABackupWritesNothing() throws {
    let source = try household()
    let copy = try Shoplist()
    try copy.ok("add", "tea")
    let path = try copy.file(
      "backup.json", try source.ok("export", "--all-lists", "--format", "json").stdout)
    let before = copy.databaseBytes()

    let dry = try copy.run("import", path, "--dry-run")

    #expect(dry.status == 0, "\(dry)")
    #expect(dry.stdout.hasPrefix("would import "), "\(dry)")
    #expect(copy.databaseBytes() == before)
    #expect(try copy.ok("shops", "--json").stdout == "{\"shops\": []}\n")
  }

  @Test func aBackupThatCannotBeRestoredWholeIsRefusedAndWritesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "tea")
    let before = shoplist.databaseBytes()
    let cases = [
      // A list's shop that the backup does not hold and the database has no shop of.
      (
        #"{"format": "shoplist/1", "lists": [{"name": "a", "shop": "Rewe", "items": [{"name": "b"}]}]}"#,
        #"backup.json:1: no shop "Rewe"; nothing imported"#
      ),
      (
        "{\"format\": \"shoplist/1\", \"lists\": [],\n\"shops\": [{\"name\": \"Lidl\", "
          + "\"aisles\": [\"Dairy\", \"dairy\"]}]}",
        "backup.json:2: shop: "
      ),
      (
        "{\"format\": \"shoplist/1\", \"lists\": [],\n\"shops\": [{\"aisles\": []}]}",
        "backup.json:2: the shop has no name"
      ),
    ]
    for (document, message) in cases {
      let path = try shoplist.file("backup.json", document)

      let refused = try shoplist.run("import", path)

      #expect(refused.status == 65, "\(refused)")
      #expect(refused.stderr.contains(message), "\(refused)")
      #expect(shoplist.databaseBytes() == before, "\(document)")
    }
  }

  @Test func anExportOfOneListIsItsItemsOnly() throws {
    let shoplist = try household()

    let document = try shoplist.ok("export", "--format", "json").json()

    #expect(document["shops"] == nil)
    let lists = try #require(document["lists"] as? [[String: Any]])
    #expect(lists.map { Set($0.keys) } == [["name", "items"]])
  }
}
