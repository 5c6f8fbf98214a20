import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ImportTests {
  static let week = """
    name,quantity,unit,category,note,checked
    Milk,2,l,dairy,"semi-skimmed, organic",
    Eggs,12,,dairy,,x
    Bread,1,,bakery,,

    """

  @Test func importingAFilePrintsOneSummaryLineAndAddsTheRowsInOrder() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("week.csv", Self.week)

    let result = try shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "imported \(path): 3 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(result.stderr.isEmpty)
    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]] ?? []
    #expect(items.map { $0["name"] as? String } == ["Milk", "Eggs", "Bread"])
    #expect(items.map { $0["checked"] as? Bool } == [false, true, false])
    #expect(items.first?["note"] as? String == "semi-skimmed, organic")
    #expect(items.first?["unit"] as? String == "l")
  }

  @Test func jsonPrintsTheSummaryDocumentAndQuietPrintsNothing() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("week.csv", Self.week)

    let json = try shoplist.run("import", path, "--json")
    #expect(
      json.stdout == #"{"added": 3, "updated": 0, "unchanged": 0, "removed": 0, "#
        + #""invalid": 0, "dryRun": false}"# + "\n")

    try shoplist.file("week.csv", Self.week.replacingOccurrences(of: "Milk,2", with: "Milk,3"))
    let quiet = try shoplist.run("--quiet", "import", path)
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
    #expect(quiet.stderr.isEmpty)
  }

  @Test(arguments: [nil, "Party"])
  func aNameRepeatedABatchLaterInAnEmptyListUpdatesTheItemTheImportAdded(list: String?) throws {
    // Rows are applied 5,000 at a time: the second "milk" comes in the next batch, after the
    // first was written, into a list that was empty (or did not exist) when the import began.
    let shoplist = try Shoplist()
    let column = list.map { ",\($0)" } ?? ""
    let filler = (1...5_000).map { "item \($0),1\(column)" }
    let rows = ["Milk,1\(column)"] + filler + ["MILK,3\(column)", "item 7,2\(column)"]
    let header = list == nil ? "name,quantity" : "name,quantity,list"
    let path = try shoplist.file("big.csv", ([header] + rows).joined(separator: "\n") + "\n")

    try shoplist.ok("import", path)

    let target = list ?? "shopping"
    let names = try shoplist.names(list: target)
    #expect(names.count == 5_001)
    #expect(names.first == "MILK")
    let items = try shoplist.run("--list", target, "list", "--json").json()["items"]
    let quantities = (items as? [[String: Any]] ?? []).map { $0["quantity"] as? Int }
    #expect(quantities.first == 3)
    #expect(quantities[7] == 2)
  }

  @Test func anExistingItemIsMatchedByNameAndUpdated() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "MILK", "eggs", "--quantity", "1")
    let path = try shoplist.file("week.csv", Self.week)

    let result = try shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 1 added, 2 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func replaceModeRemovesWhatTheFileDoesNotNameFromItsLists() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Caviar")
    try shoplist.ok("add", "Nails", "--list", "hardware")
    let path = try shoplist.file("week.csv", Self.week)

    let result = try shoplist.run("import", path, "--mode", "replace")

    #expect(result.stdout == "imported \(path): 2 added, 1 updated, 0 unchanged, 1 removed\n")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
    // A list the file does not touch keeps everything.
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func rowsGoToTheirListColumnAndTheTargetListIsCreated() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("mixed.csv", "name,list\nChips,Party\nMilk,\nNails,hardware\n")

    let result = try shoplist.run("import", path, "--list", "weekend")

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names(list: "weekend") == ["Milk"])
    #expect(try shoplist.names(list: "party") == ["Chips"])
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func standardInputIsReadForADashAndItsFormatSniffed() throws {
    let shoplist = try Shoplist()

    let ndjson = try shoplist.run(
      "import", "-", stdin: "{\"name\": \"Tea\", \"quantity\": 0.5}\n{\"name\": \"Jam\"}\n"
    )
    let text = try shoplist.run("import", "-", "--format", "text", stdin: "# plan\nRice\n")

    #expect(ndjson.stdout == "imported stdin: 2 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(text.status == 0, "\(text)")
    #expect(try shoplist.names() == ["Tea", "Jam", "Rice"])
  }

  @Test func everyFormatIsPickedByItsExtensionOrByTheFormatOption() throws {
    let shoplist = try Shoplist()
    let files = [
      try shoplist.file("a.json", #"[{"name": "A1"}]"#),
      try shoplist.file("b.ndjson", #"{"name": "B1"}"#),
      try shoplist.file("c.jsonl", #"{"name": "C1"}"#),
      try shoplist.file("d.txt", "D1\n"),
      try shoplist.file("e.list", "name,unit\nE1,kg\n"),
    ]
    for file in files {
      try shoplist.ok("import", file)
    }
    // CSV content, read as text because the option says so.
    try shoplist.ok("import", try shoplist.file("f.csv", "F1\n"), "--format", "text")

    #expect(try shoplist.names() == ["A1", "B1", "C1", "D1", "E1", "F1"])
  }

  @Test func anInvalidRowFailsTheWholeImportNamingFileAndLineAndWritesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("bad.csv", "name,quantity\nTea,1\nJam,lots\nRice,0\n")

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("\(path):3: invalid quantity \"lots\""))
    #expect(result.stderr.contains("\(path):4: invalid quantity \"0\""))
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(try shoplist.snapshot() == before)
  }

  @Test func aRowTheDomainRejectsAlsoFailsTheImport() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    let id = try #require(
      (try shoplist.run("list", "--json").json()["items"] as? [[String: Any]])?.first?["id"]
        as? String
    )
    let before = try shoplist.snapshot()
    // Renaming milk (by its id) onto bread's name.
    let path = try shoplist.file("rename.csv", "name,id\nTea,\nbread,\(id)\n")

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("\(path):3: an item named \"Bread\" is already in list"))
    #expect(try shoplist.snapshot() == before)
  }

  @Test func moreThanTwentyBadRowsShowTheFirstTwentyAndACount() throws {
    let shoplist = try Shoplist()
    let rows = (1...25).map { "item \($0),0" }.joined(separator: "\n")
    let path = try shoplist.file("bad.csv", "name,quantity\n" + rows + "\n")

    let result = try shoplist.run("import", path)

    let lines = result.stderr.split(separator: "\n")
    #expect(result.status == 65)
    #expect(lines.filter { $0.contains("\(path):") }.count == 20)
    #expect(lines.contains { $0.contains("and 5 more invalid rows") })
    #expect(lines.last?.contains("25 invalid rows") == true)
  }

  @Test func skipInvalidImportsTheValidRowsAndReportsTheOthers() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("bad.csv", "name,checked\nTea,yes\nJam,perhaps\nRice,no\n")

    let result = try shoplist.run("import", path, "--skip-invalid", "--json")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == #"{"added": 2, "updated": 0, "unchanged": 0, "removed": 0, "#
        + #""invalid": 1, "dryRun": false}"# + "\n")
    #expect(result.stderr.contains("\(path):3: invalid checked value \"perhaps\""))
    #expect(try shoplist.names() == ["Tea", "Rice"])
  }

  @Test func aDryRunReportsWhatWouldChangeAndWritesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("week.csv", Self.week)

    let json = try shoplist.run("import", path, "--dry-run", "--json", "--mode", "replace")
    let text = try shoplist.run("import", path, "--dry-run")

    #expect(
      json.stdout == #"{"added": 2, "updated": 1, "unchanged": 0, "removed": 0, "#
        + #""invalid": 0, "dryRun": true}"# + "\n")
    #expect(text.stdout == "would import \(path): 2 added, 1 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.snapshot() == before)
  }

  @Test func aMissingOrUnreadableFileIsExit66WithOneLine() throws {
    let shoplist = try Shoplist()
    for path in [shoplist.folder.appendingPathComponent("nope.csv").path, shoplist.folder.path] {
      let result = try shoplist.run("import", path)
      #expect(result.status == 66, "\(result)")
      #expect(result.stderr.hasPrefix("shoplist: cannot read \(path)"))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test func brokenJSONIsExit65AtItsLine() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("broken.json", "[\n{\"name\": \"Tea\"},\n{\"name\" \"Jam\"}\n]")

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("\(path):3: invalid JSON"))
    #expect(try shoplist.names().isEmpty)
  }

  @Test(.sqlitePass)
  func anIdOfAnotherListsItemGivesTheNewItemAFreshIdAndLeavesTheOtherAlone() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--list", "home")
    let home = try shoplist.run("list", "--json", "--list", "home").json()
    let id = try #require((home["items"] as? [[String: Any]])?.first?["id"] as? String)
    // The id twice more: for a list that is not loaded yet, and for a new list.
    let path = try shoplist.file(
      "ids.csv", "name,list,id\nOat milk,shopping,\(id)\nMilk,Party,\(id)\nTea,,\n"
    )

    let result = try shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("3 added"))
    #expect(try shoplist.names(list: "home") == ["Milk"])
    #expect(try shoplist.names() == ["Oat milk", "Tea"])
    #expect(try shoplist.names(list: "Party") == ["Milk"])
    let ids = try shoplist.sqlite("SELECT count(DISTINCT id) FROM product")
    #expect(ids == "4")
    #expect(try shoplist.sqlite("SELECT count(*) FROM product WHERE id = '\(id)'") == "1")
  }

  @Test func theHelpShowsAnExample() throws {
    let shoplist = try Shoplist()
    let help = try shoplist.run("import", "--help")
    #expect(help.stdout.contains("shoplist import week.csv"))
    #expect(help.stdout.contains("--skip-invalid"))
  }
}
