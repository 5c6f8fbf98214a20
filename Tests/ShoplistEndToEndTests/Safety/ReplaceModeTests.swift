import Foundation
import ShoplistTestTraits
import Testing

/// `--mode replace` removes what a file does not name, and nothing a bad row names.
@Suite(.offThePool) struct ReplaceModeTests {
  @Test func anInvalidRowStillProtectsTheItemItNames() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs", "bread")
    let path = try shoplist.file("week.csv", "name,quantity\nmilk,2\neggs,lots\n")

    let result = try shoplist.run("import", path, "--mode", "replace", "--skip-invalid")

    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.contains("\(path):3: invalid quantity \"lots\""), "\(result)")
    #expect(result.stdout.contains("1 updated, 0 unchanged, 1 removed"), "\(result)")
    // eggs' row was skipped, but it named eggs: only bread, which no row named, is gone.
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test func anInvalidRowProtectsTheItemItsIDNames() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    let eggs = try #require(try shoplist.items()["eggs"]?["id"] as? String)
    let path = try shoplist.file(
      "week.ndjson", #"{"name": "milk"}"# + "\n" + #"{"id": "\#(eggs)", "quantity": -1}"# + "\n"
    )

    let result = try shoplist.run("import", path, "--mode", "replace", "--skip-invalid")

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test func anUnreadableRowWithholdsRemovalAndLeavesTheFileAsItWas() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs", "bread")
    let path = try shoplist.file(
      "week.ndjson", #"{"name": "milk"}"# + "\n" + #"{"name": 12, "note": "who?"}"# + "\n"
    )
    let before = shoplist.databaseBytes()

    let result = try shoplist.run("import", path, "--mode", "replace", "--skip-invalid")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("removal withheld for shopping: 1 row unreadable"), "\(result)")
    #expect(result.stdout.contains("0 removed"), "\(result)")
    #expect(try shoplist.names() == ["milk", "eggs", "bread"])
    // Nothing changed, so nothing was written: the file is byte for byte as it was.
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func aListTheFileGivesEmptyIsEmptied() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    try shoplist.ok("add", "nails", "--list", "hardware")
    let json = try shoplist.file(
      "empty.json", #"{"lists": [{"name": "shopping", "items": []}]}"#
    )
    let text = try shoplist.file("empty.txt", "# list: hardware\n")

    let fromJSON = try shoplist.run("import", json, "--mode", "replace")
    let fromText = try shoplist.run("import", text, "--mode", "replace")

    #expect(fromJSON.status == 0, "\(fromJSON)")
    #expect(fromJSON.stdout.contains("2 removed"), "\(fromJSON)")
    #expect(fromText.status == 0, "\(fromText)")
    #expect(try shoplist.names().isEmpty)
    #expect(try shoplist.names(list: "hardware").isEmpty)
  }
}
