import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct ExportCommandTests {
  /// shopping: Milk (2 l), Eggs (checked), #1 tip; Party: Chips.
  func stocked() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--quantity", "2", "--unit", "l")
    try shoplist.ok("add", "Eggs", "#1 tip")
    try shoplist.ok("check", "eggs")
    try shoplist.ok("add", "Chips", "--list", "Party")
    return shoplist
  }

  static let milk = InProcess.itemJSON(id: 2, position: 1, name: "Milk", quantity: "2", unit: "l")
  static let eggs = InProcess.itemJSON(
    id: 3, position: 2, name: "Eggs", checked: true, updatedAt: InProcess.changedAgainText)
  static let tip = InProcess.itemJSON(id: 4, position: 3, name: "#1 tip")
  static let chips = InProcess.itemJSON(id: 6, position: 1, name: "Chips")
  static let at = InProcess.startText

  @Test func jsonIsTheShoplistDocumentOfTheTargetList() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        {"format": "shoplist/1", "lists": [
        {"name": "shopping", "items": [
        \(Self.milk),
        \(Self.eggs),
        \(Self.tip)
        ]}
        ]}

        """
    )
  }

  @Test func allListsWritesEveryListInOrder() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--all-lists")

    #expect(
      result.stdout == """
        {"format": "shoplist/1", "lists": [
        {"name": "shopping", "default": true, "items": [
        \(Self.milk),
        \(Self.eggs),
        \(Self.tip)
        ]},
        {"name": "Party", "items": [
        \(Self.chips)
        ]}
        ], "shops": []}

        """
    )
  }

  @Test func allListsIsABackupWithTheShopsEachListsShopAndTheDefaultList() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "--shop", "Lidl", "Produce", "Dairy")
    try shoplist.ok("aisles", "--shop", "Aldi", "Frozen")
    try shoplist.ok("shops", "default", "Aldi")
    try shoplist.ok("lists", "shop", "Party", "Lidl")
    try shoplist.ok("lists", "default", "Party")

    let result = shoplist.run("export", "--all-lists")

    #expect(
      result.stdout == """
        {"format": "shoplist/1", "lists": [
        {"name": "shopping", "items": [
        \(Self.milk),
        \(Self.eggs),
        \(Self.tip)
        ]},
        {"name": "Party", "default": true, "shop": "Lidl", "items": [
        \(Self.chips)
        ]}
        ], "shops": [
        {"name": "Lidl", "aisles": ["Produce", "Dairy"], "default": false},
        {"name": "Aldi", "aisles": ["Frozen"], "default": true}
        ]}

        """
    )
  }

  @Test func anEmptyListIsAnEmptyItemsArray() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("export")

    #expect(
      result.stdout == "{\"format\": \"shoplist/1\", \"lists\": [\n"
        + "{\"name\": \"shopping\", \"items\": []}\n]}\n"
    )
  }

  @Test func csvHasAHeaderAndOneRowPerItemWithItsListIdAndTimes() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "csv")

    let id = InProcess.id
    #expect(
      result.stdout == """
        name,quantity,unit,category,note,checked,list,id,addedAt,updatedAt
        Milk,2,l,,,false,shopping,\(id(2)),\(Self.at),\(Self.at)
        Eggs,1,,,,true,shopping,\(id(3)),\(Self.at),\(InProcess.changedAgainText)
        #1 tip,1,,,,false,shopping,\(id(4)),\(Self.at),\(Self.at)

        """
    )
  }

  @Test func ndjsonIsOneItemObjectPerLineWithItsList() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "ndjson", "--list", "Party")

    #expect(result.stdout == Self.chips.dropLast() + #", "list": "Party"}"# + "\n")
  }

  @Test func textIsOneItemPerLineAsItsBoxAndQuantityPhrase() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "text")

    #expect(result.stdout == "[ ] 2 l Milk\n[x] Eggs\n[ ] #1 tip\n")
  }

  @Test func textOfAllListsHasAHeadingPerList() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "text", "--all-lists")

    #expect(
      result.stdout
        == "# list: shopping\n[ ] 2 l Milk\n[x] Eggs\n[ ] #1 tip\n# list: Party\n[ ] Chips\n")
  }

  @Test func quietStillPrintsTheDataAskedFor() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "text", "--quiet")

    #expect(result.stdout == "[ ] 2 l Milk\n[x] Eggs\n[ ] #1 tip\n")
  }

  @Test func outputWritesTheFileAndSaysWhatItWrote() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("backup.json").path

    let result = shoplist.run("export", "--all-lists", "--output", path)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "exported 4 items from 2 lists to \(path)\n")
    #expect(shoplist.contents(of: "backup.json") == (try shoplist.snapshot()))
  }

  @Test func outputCountsASingleItemAndListInTheSingular() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("party.json").path

    let result = shoplist.run("export", "--list", "party", "--output", path)

    #expect(result.stdout == "exported 1 item from 1 list to \(path)\n")
  }

  @Test func outputReplacesAnExistingFile() throws {
    let shoplist = try stocked()
    let path = try shoplist.file("party.txt", "old contents\n")

    try shoplist.ok("export", "--list", "party", "--output", path)

    #expect(shoplist.contents(of: "party.txt") == "[ ] Chips\n")
  }

  @Test(arguments: [
    ("csv", "name,quantity"), ("ndjson", "{\"id\""), ("jsonl", "{\"id\""),
    ("txt", "[ ] 2 l Milk\n"),
  ])
  func withoutFormatTheOutputsExtensionDecides(extension: String, start: String) throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("backup.\(`extension`)").path

    try shoplist.ok("export", "--output", path)

    let written = try #require(shoplist.contents(of: "backup.\(`extension`)"))
    #expect(written.hasPrefix(start), "\(written)")
  }

  @Test func anUnknownExtensionMeansJSON() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("backup.data").path

    try shoplist.ok("export", "--output", path)

    #expect(shoplist.contents(of: "backup.data")?.hasPrefix("{\"format\": \"shoplist/1\"") == true)
  }

  @Test func outputQuietWritesTheFileAndPrintsNothing() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("backup.json").path

    let result = shoplist.run("export", "--output", path, "-q")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(shoplist.contents(of: "backup.json") != nil)
  }

  @Test func outputDashIsStandardOutput() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "text", "--output", "-")

    #expect(result.stdout == "[ ] 2 l Milk\n[x] Eggs\n[ ] #1 tip\n")
  }

  @Test func outputOntoTheDatabaseIsExit73AndLeavesItAlone() throws {
    let shoplist = try stocked()
    let before = try shoplist.snapshot()
    let path = shoplist.database.path

    let result = shoplist.run("export", "--output", path)

    #expect(result.status == 73)
    #expect(result.stderr == "shoplist: cannot write \"\(path)\": it is the database\n")
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.snapshot() == before)
  }

  @Test func outputOntoTheDatabasesJournalIsExit73() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--output", shoplist.database.path + "-wal")

    #expect(result.status == 73)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func outputIntoAMissingFolderIsExit73() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("no/such/backup.json").path

    let result = shoplist.run("export", "--output", path)

    #expect(result.status == 73)
    #expect(result.stderr == "shoplist: cannot write \"\(path)\": its folder does not exist\n")
  }

  @Test func outputOntoAFolderIsExit73() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--output", shoplist.folder.path)

    #expect(result.status == 73)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func aListThatDoesNotExistIsExit65AndWritesNoFile() throws {
    let shoplist = try stocked()
    let path = shoplist.folder.appendingPathComponent("nope.json").path

    let result = shoplist.run("export", "--list", "nope", "--output", path)

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(shoplist.contents(of: "nope.json") == nil)
  }

  @Test func anUnknownFormatIsExit64() throws {
    let shoplist = try stocked()

    let result = shoplist.run("export", "--format", "xml")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
