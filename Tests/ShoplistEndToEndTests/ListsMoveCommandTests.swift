import Foundation
import ShoplistTestTraits
import Testing

/// `lists move NAME POSITION`, through the built binary: the lists' own order, kept across
/// runs, shown by `lists`, and undone.
@Suite(.offThePool) struct ListsMoveCommandTests {
  func threeLists() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("lists", "create", "Party")
    try shoplist.ok("lists", "create", "Garden")
    return shoplist
  }

  func names(_ shoplist: Shoplist) throws -> [String] {
    let lists = try shoplist.ok("lists", "--json").json()["lists"] as? [[String: Any]]
    return lists?.compactMap { $0["name"] as? String } ?? []
  }

  @Test func aListMovesAndStaysWhereItWasPut() throws {
    let shoplist = try threeLists()

    #expect(
      try shoplist.ok("lists", "move", "garden", "1").stdout == "moved list Garden to position 1\n")
    #expect(try names(shoplist) == ["Garden", "shopping", "Party"])
    #expect(
      try shoplist.ok("lists").stdout
        == "Garden    0 items, 0 checked\nshopping  1 item, 0 checked  (default)\n"
        + "Party     0 items, 0 checked\n")
    // Past the last is last; --json prints the lists after.
    let last = try shoplist.ok("lists", "move", "Garden", "10", "--json")
    #expect(
      last.stdout
        == #"{"lists": [{"name": "shopping", "items": 1, "checked": 0, "default": true}, "#
        + #"{"name": "Party", "items": 0, "checked": 0}, {"name": "Garden", "items": 0, "checked": 0}]}"#
        + "\n")
    // A list made later comes last; a renamed one keeps its place.
    try shoplist.ok("lists", "move", "Party", "1")
    try shoplist.ok("lists", "create", "Hardware")
    try shoplist.ok("lists", "rename", "Party", "Barbecue")
    #expect(try names(shoplist) == ["Barbecue", "shopping", "Garden", "Hardware"])
  }

  @Test func aMoveIsUndoneAndRedone() throws {
    let shoplist = try threeLists()
    try shoplist.ok("lists", "move", "Party", "1")
    let history = try shoplist.ok("history", "--limit", "1").stdout
    #expect(history.hasSuffix("lists move Party 1  (lists reordered)\n"), "\(history)")

    try shoplist.ok("undo")
    #expect(try names(shoplist) == ["shopping", "Party", "Garden"])
    try shoplist.ok("redo")
    #expect(try names(shoplist) == ["Party", "shopping", "Garden"])
    // A deleted list comes back in its place among the moved ones.
    try shoplist.ok("lists", "delete", "shopping", "--force")
    try shoplist.ok("undo")
    #expect(try names(shoplist) == ["Party", "shopping", "Garden"])
  }

  @Test func aBadMoveSaysWhyAndChangesNothing() throws {
    let shoplist = try threeLists()
    let before = try shoplist.ok("lists", "--json").stdout
    for (arguments, status, message) in [
      (
        ["lists", "move", "Party", "0"], 65, "shoplist: invalid position 0: positions start at 1\n"
      ),
      (["lists", "move", "Parti", "1"], 65, "shoplist: no list \"Parti\"\n"),
      (["lists", "move", "Party"], 64, nil),
      (["lists", "move", "Party", "first"], 64, nil),
    ] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == Int32(status), "\(arguments)")
      if let message { #expect(result.stderr == message) }
      #expect(result.stdout.isEmpty)
    }
    #expect(try shoplist.ok("lists", "--json").stdout == before)
  }
}
