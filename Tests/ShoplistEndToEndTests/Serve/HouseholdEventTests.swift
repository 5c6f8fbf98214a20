import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// What changes beside the lists reaches an open page too: a shop's aisles, the default shop
/// and the order of the lists come as an event `household` of their own (a client that knows
/// only `change` passes it over), and a list's usual shop as a `change` of that list.
@Suite(.offThePool) struct HouseholdEventTests {
  static let household = "event: household\ndata: {}\n\n"

  @Test func shopsAndTheListsOrderAreAnnouncedAsTheHouseholds() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("lists", "create", "party")
    let server = try ServingShoplist(shoplist)
    let (stream, events) = try ServeTests.connectedStream(server, of: shoplist)
    defer { stream.terminate() }

    try shoplist.ok("aisles", "--shop", "Lidl", "dairy", "bakery")
    try ServeTests.waitFor("the shop's event", within: 5) {
      ServeTests.text(events).components(separatedBy: Self.household).count == 2
    }
    #expect(!ServeTests.text(events).contains("event: change"), "no list changed")
    try shoplist.ok("lists", "move", "party", "1")
    try ServeTests.waitFor("the lists' order's event", within: 5) {
      ServeTests.text(events).components(separatedBy: Self.household).count == 3
    }
    try ServeTests.expectChange(to: "shopping", in: events) {
      try shoplist.ok("lists", "shop", "shopping", "Lidl")
    }
    // Its id is the newest history entry, as a change's.
    let newest = try #require(
      try shoplist.ok("history", "--json").stdout.firstMatch(of: /"id": (\d+)/)?.1)
    #expect(
      ServeTests.text(events).contains(
        "id: \(newest)\nevent: change\ndata: {\"list\": \"shopping\"}"))
    // A list given the default mark changed too (`lists --json` says `"default"`).
    try ServeTests.expectChange(to: "party", in: events) {
      try shoplist.ok("lists", "default", "party")
    }
    server.stop()
  }
}
