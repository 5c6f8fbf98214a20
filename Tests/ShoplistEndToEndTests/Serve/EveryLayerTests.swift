import Composable
import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingStorage
import Testing

/// Whatever layer a change comes through — the command line, an API route, the service a
/// program embeds, or a store of its own over a storage transaction — storage records it in
/// the history inside the change's own transaction, and a running server's event stream
/// tells of it.
@Suite(.offThePool, .serialized, .sqlitePass) struct EveryLayerTests {
  @Test func eachPublicLayersChangeIsInTheHistoryAndOnTheEventStream() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    defer { _ = server.stop() }
    let (stream, events) = try ServeTests.connectedStream(server, of: shoplist)
    defer { stream.terminate() }
    func expectEvent(_ list: String) throws {
      try ServeTests.waitForChange(to: list, in: events)
    }

    // The command line.
    try shoplist.ok("lists", "create", "party")
    try shoplist.ok("add", "Cake", "--list", "party")
    try expectEvent("party")

    // An API route.
    let posted = try server.request("POST", "/api/lists", json: #"{"name": "week"}"#)
    #expect(posted.status == 201, "\(posted)")
    try expectEvent("week")

    // The service an embedding program uses.
    let service = try ShoppingService(path: shoplist.location)
    try service.perform(
      .add(names: ["Spade"], changes: .none), onList: "garden", creatingIfMissing: true)
    try expectEvent("garden")

    // A store of the program's own over a storage transaction.
    let storage = try ShoppingService.openStorage(at: shoplist.location)
    try storage.write { transaction in
      let store = transaction.makeStore(
        initialState: try transaction.loadState(loadingListsNamed: []),
        reducer: ShoppingReducer(environment: .live))
      try store.send(.createList(named: "picnic"))
    }
    try expectEvent("picnic")

    let lines = try shoplist.ok("history", "--limit", "4").stdout.split(separator: "\n")
    let expected = [
      (StorageJournal.defaultCommand, "(picnic: created)"),
      ("add Spade", "(garden: created, 1 added)"),
      ("web: new list week", "(week: created)"),
      ("add Cake --list party", "(party: 1 added)"),
    ]
    #expect(lines.count == 4, "\(lines)")
    for (line, (command, summary)) in zip(lines, expected) {
      #expect(line.contains(command) && line.hasSuffix(summary), "\(line)")
    }
  }
}
