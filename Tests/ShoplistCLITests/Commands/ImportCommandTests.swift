import Foundation
import Testing

@testable import ShoplistCLI

/// `import` of each format, and what it reports.
@Suite struct ImportCommandTests {
  static let week = """
    name,quantity,unit,category,note,checked
    Milk,2,l,dairy,"semi-skimmed, organic",
    Eggs,12,,dairy,,x
    Bread,1,,bakery,,

    """

  @Test func importingTheSameFileTwiceChangesNothingTheSecondTime() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--quantity", "5")
    let path = try shoplist.file("week.csv", Self.week)
    try shoplist.ok("import", path)
    let before = try shoplist.snapshot()
    shoplist.advanceClock(by: 60)  // so that a rewritten updatedAt would differ

    let again = shoplist.run("import", path, "--json")

    #expect(again.stdout.hasPrefix(#"{"added": 0, "updated": 0, "unchanged": 3, "removed": 0,"#))
    #expect(try shoplist.snapshot() == before)
  }

  @Test func csvRowsAreAddedInOrderWithOneSummaryLine() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", Self.week)

    let result = shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "imported \(path): 3 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(result.stderr.isEmpty)
    #expect(
      try shoplist.ok("list", "--json").stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(
              id: 2, position: 1, name: "Milk", quantity: "2", unit: "l", category: "dairy",
              note: "semi-skimmed, organic"),
            InProcess.itemJSON(
              id: 3, position: 2, name: "Eggs", checked: true, quantity: "12", category: "dairy"),
            InProcess.itemJSON(id: 4, position: 3, name: "Bread", category: "bakery"),
          ]
        )
    )
  }

  @Test func existingItemsAreMatchedByNameAndCountedAsUpdatedOrUnchanged() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "MILK", "--quantity", "5")
    try shoplist.ok("add", "Bread", "--category", "bakery")
    let path = try shoplist.file("week.csv", Self.week)

    let result = shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 1 added, 1 updated, 1 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["Milk", "Bread", "Eggs"])
  }

  @Test func importingTheSameFileAgainChangesNothing() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", Self.week)
    try shoplist.ok("import", path)
    let before = try shoplist.snapshot()
    shoplist.advanceClock(by: 60)

    let result = shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 0 added, 0 updated, 3 unchanged, 0 removed\n")
    #expect(try shoplist.snapshot() == before)
  }

  @Test func jsonPrintsTheSummaryDocument() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", Self.week)

    let result = shoplist.run("import", path, "--json")

    #expect(
      result.stdout == #"{"added": 3, "updated": 0, "unchanged": 0, "removed": 0, "#
        + #""invalid": 0, "dryRun": false}"# + "\n"
    )
  }

  @Test func quietPrintsNothingAndStillImports() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", Self.week)

    let result = shoplist.run("import", path, "--quiet")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func anExportedJSONDocumentIsImportedWithItsIdsAndTimes() throws {
    let source = try InProcess()
    try source.ok("add", "Milk", "--quantity", "2", "--unit", "l")
    try source.ok("add", "Chips", "--list", "Party")
    try source.ok("check", "chips", "--list", "Party")
    let exported = try source.snapshot()
    let copy = try InProcess()
    copy.advanceClock(by: 3_600)
    let path = try copy.file("backup.json", exported)

    let result = copy.run("import", path)

    #expect(result.stdout == "imported \(path): 2 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try copy.snapshot() == exported)
  }

  @Test func aBareJSONArrayOfItemsIsImported() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file(
      "items.json", #"[{"name": "Tea", "quantity": 0.5, "unit": "kg"}, {"name": "Jam"}]"#
    )

    let result = shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 2 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(
      try shoplist.ok("list", "--json").stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(id: 2, position: 1, name: "Tea", quantity: "0.5", unit: "kg"),
            InProcess.itemJSON(id: 3, position: 2, name: "Jam"),
          ]
        )
    )
  }

  @Test func ndjsonRowsGoToTheirListField() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file(
      "items.ndjson", "{\"name\": \"Tea\"}\n{\"name\": \"Chips\", \"list\": \"Party\"}\n"
    )

    let result = shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 2 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["Tea"])
    #expect(try shoplist.names(list: "Party") == ["Chips"])
  }

  @Test func textHasOneNamePerLineWithMarksCommentsAndListHeadings() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file(
      "plan.txt",
      "# weekly plan\n[x] Jam\n\\#1 tip\n\n[ ] Tea\n# list: Party\nChips\n# list: Empty\n"
    )

    let result = shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 4 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["Jam", "#1 tip", "Tea"])
    #expect(try shoplist.items().map { $0["checked"] as? Bool } == [true, false, false])
    #expect(try shoplist.names(list: "Party") == ["Chips"])
    #expect(try shoplist.names(list: "Empty").isEmpty)
  }

  @Test func rowsWithoutAListGoToTheTargetListWhichIsCreated() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", Self.week)

    let result = shoplist.run("import", path, "--list", "weekend")

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names(list: "weekend") == ["Milk", "Eggs", "Bread"])
  }

  @Test func theFormatOptionOverridesTheExtension() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("names.csv", "Tea\nJam\n")

    let result = shoplist.run("import", path, "--format", "text")

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names() == ["Tea", "Jam"])
  }

  @Test func anUnknownExtensionIsSniffedFromTheContent() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.list", "name;unit\nFlour;kg\n")

    let result = shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.items().first?["unit"] as? String == "kg")
  }
}
