import Foundation
import Testing

@testable import ShoplistCLI

/// `import --dry-run`, `--mode replace`, `--skip-invalid`, and the imports that fail.
@Suite struct ImportOptionTests {
  /// A list with Milk and Caviar, a hardware list with Nails, and a file naming Milk and Eggs.
  func stocked() throws -> (InProcess, String) {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Caviar")
    try shoplist.ok("add", "Nails", "--list", "hardware")
    let path = try shoplist.file("week.csv", "name,quantity\nMilk,2\nEggs,12\n")
    return (shoplist, path)
  }

  @Test func aDryRunSaysWouldImportAndWritesNothing() throws {
    let (shoplist, path) = try stocked()
    let before = try shoplist.snapshot()

    let result = shoplist.run("import", path, "--dry-run")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "would import \(path): 1 added, 1 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.snapshot() == before)
  }

  @Test func aDryRunInReplaceModeNamesWhatWouldBeRemoved() throws {
    let (shoplist, path) = try stocked()

    let result = shoplist.run("import", path, "--dry-run", "--mode", "replace")

    #expect(
      result.stdout == "would import \(path): 1 added, 1 updated, 0 unchanged, 1 removed\n"
        + "would remove Caviar from shopping\n"
    )
    #expect(try shoplist.names() == ["Milk", "Caviar"])
  }

  @Test func aDryRunWithJSONSaysSoInTheSummary() throws {
    let (shoplist, path) = try stocked()

    let result = shoplist.run("import", path, "--dry-run", "--json")

    #expect(
      result.stdout == #"{"added": 1, "updated": 1, "unchanged": 0, "removed": 0, "#
        + #""invalid": 0, "dryRun": true}"# + "\n"
    )
  }

  @Test func aDryRunCreatesNoDatabase() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", "name\nTea\n")

    let result = shoplist.run("import", path, "--dry-run")

    #expect(result.stdout == "would import \(path): 1 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test func replaceModeRemovesWhatTheFileDoesNotNameFromItsListsOnly() throws {
    let (shoplist, path) = try stocked()

    let result = shoplist.run("import", path, "--mode", "replace")

    #expect(result.stdout == "imported \(path): 1 added, 1 updated, 0 unchanged, 1 removed\n")
    #expect(try shoplist.names() == ["Milk", "Eggs"])
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func anInvalidRowFailsTheImportNamingFileAndLineAndWritesNothing() throws {
    let (shoplist, _) = try stocked()
    let before = try shoplist.snapshot()
    let path = try shoplist.file("bad.csv", "name,quantity\nTea,1\nJam,lots\nRice,0\n")

    let result = shoplist.run("import", path)

    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let quantity = "expected a positive decimal number such as 2 or 0.5"
    let hint = "(--skip-invalid imports the valid ones)"
    #expect(
      result.stderr == """
        shoplist: \(path):3: invalid quantity "lots": \(quantity)
        shoplist: \(path):4: invalid quantity "0": \(quantity)
        shoplist: nothing imported: 2 invalid rows in \(path) \(hint)

        """
    )
    #expect(try shoplist.snapshot() == before)
  }

  @Test func skipInvalidImportsTheValidRowsAndReportsTheOthers() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("bad.csv", "name,checked\nTea,yes\nJam,perhaps\nRice,no\n")

    let result = shoplist.run("import", path, "--skip-invalid", "--json")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == #"{"added": 2, "updated": 0, "unchanged": 0, "removed": 0, "#
        + #""invalid": 1, "dryRun": false}"# + "\n"
    )
    #expect(result.stderr.contains("shoplist: \(path):3: invalid checked value \"perhaps\""))
    #expect(result.stderr.hasSuffix("shoplist: skipped 1 invalid row\n"))
    #expect(try shoplist.names() == ["Tea", "Rice"])
  }

  @Test func aMissingFileIsExit66WithOneLine() throws {
    let shoplist = try InProcess()
    let path = shoplist.folder.appendingPathComponent("nope.csv").path

    let result = shoplist.run("import", path)

    #expect(result.status == 66)
    #expect(result.stderr == "shoplist: cannot read \(path): No such file or directory\n")
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func aFolderIsExit66() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("import", shoplist.folder.path)

    #expect(result.status == 66)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func brokenJSONIsExit65AtItsLine() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("broken.json", "[\n{\"name\": \"Tea\"},\n{\"name\" \"Jam\"}\n]")

    let result = shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("\(path):3: invalid JSON"), "\(result)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func csvWithoutANameColumnIsExit65() throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("odd.csv", "price,quantity\nTea,1\n")

    let result = shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "), "\(result)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [["--format", "xml"], ["--mode", "mirror"], []])
  func aBadOptionValueOrNoFileIsExit64(arguments: [String]) throws {
    let shoplist = try InProcess()
    let path = try shoplist.file("week.csv", "name\nTea\n")

    let result = shoplist.run(
      arguments: ["import"] + (arguments.isEmpty ? [] : [path] + arguments)
    )

    #expect(result.status == 64, "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
  }
}
