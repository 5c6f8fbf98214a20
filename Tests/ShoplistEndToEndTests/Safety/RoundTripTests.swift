import Foundation
import ShoplistTestTraits
import Testing

/// Export, then import into an empty database: each format gives back what the contract says
/// it keeps. (The formats that keep timestamps are checked in process, where the clock can be
/// moved: `ShoplistCLITests/Commands/RoundTripTimestampTests.swift`.)
@Suite(.offThePool) struct RoundTripTests {
  /// Lists in a chosen order, one of them empty, with names a line-based format could take
  /// for something else.
  func filled() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "#hash", "\\back", "[x] not checked", "plain")
    try shoplist.ok("check", "milk")
    try shoplist.ok("lists", "create", "empty one")
    try shoplist.ok("add", "nails", "--list", "hardware")
    return shoplist
  }

  func lists(_ shoplist: Shoplist) throws -> [String] {
    let result = try shoplist.ok("lists", "--json")
    return (try result.json()["lists"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
  }

  @Test func textKeepsListsEmptyOnesTooNamesOrderAndCheckedMarks() throws {
    let source = try filled()
    let exported = try source.ok("export", "--all-lists", "--format", "text").stdout

    let copy = try Shoplist()
    let path = try copy.file("backup.txt", exported)
    let imported = try copy.run("import", path)

    #expect(imported.status == 0, "\(imported)")
    #expect(try lists(copy) == ["shopping", "empty one", "hardware"])
    #expect(try copy.names() == ["milk", "#hash", "\\back", "[x] not checked", "plain"])
    #expect(try copy.items()["milk"]?["checked"] as? Bool == true)
    #expect(try copy.items()["[x] not checked"]?["checked"] as? Bool == false)
    #expect(try copy.names(list: "hardware") == ["nails"])
  }
}
