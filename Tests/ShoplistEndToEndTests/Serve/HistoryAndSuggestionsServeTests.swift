import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The page's memory and undo over the real binary: suggestions from what the command line
/// bought or removed unbought, a quantity phrase added with the category its name last had,
/// history as `history --json` prints it, and an undo and a redo over the API that the command
/// line sees, refused in its words.
@Suite(.offThePool, .serialized, .sqlitePass) struct HistoryAndSuggestionsServeTests {
  @Test func suggestionsPhrasesHistoryUndoAndRedoOverTheRealServer() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--quantity", "2", "--unit", "l", "--category", "dairy")
    try shoplist.ok("check", "Milk")
    try shoplist.ok("clear")
    let server = try ServingShoplist(shoplist)
    defer { server.stop() }

    let suggested = try server.request("GET", "/api/suggestions?q=MI&list=shopping")
    #expect(suggested.status == 200)
    #expect(
      suggested.body
        == #"{"suggestions": [{"name": "Milk", "quantity": 2, "unit": "l", "category": "dairy", "#
        + #""times": 1}]}"# + "\n")

    let added = try server.request(
      "POST", "/api/lists/shopping/items", json: #"{"text": "1,5 l oat milk"}"#)
    #expect(added.status == 200, "\(added.body)")
    #expect(
      added.body.contains(#""name": "oat milk", "checked": false, "quantity": 1.5, "unit": "l""#))

    // The same document as the command line prints.
    let history = try server.request("GET", "/api/history?limit=2")
    #expect(history.status == 200)
    #expect(history.body == (try shoplist.ok("history", "--limit", "2", "--json").stdout))
    #expect(history.body.contains(#""command": "web: add oat milk""#))

    // Undo the add through the API: the command line sees it gone, and the entry.
    let undo = try server.request("POST", "/api/history/4/undo")
    #expect(undo.status == 200, "\(undo.body)")
    #expect(undo.body.contains(#""undone": {"id": 4, "#))
    #expect(try shoplist.names() == [])
    #expect(try shoplist.ok("history", "--limit", "1").stdout.contains("web: undo 4"))
    let redo = try server.request("POST", "/api/redo")
    #expect(redo.status == 200, "\(redo.body)")
    #expect(try shoplist.names() == ["oat milk"])

    // A later change stands in the way: the API says who changed what since, without the
    // numbers and options `undo 4` names on the command line, and nothing changes.
    try shoplist.ok("edit", "oat milk", "--note", "barista")
    let before = try shoplist.ok("list", "--json").stdout
    let refused = try server.request("POST", "/api/redo")
    #expect(refused.status == 409)
    #expect(refused.body == #"{"error": "nothing to redo"}"#)
    let blocked = try server.request("POST", "/api/history/4/undo")
    #expect(blocked.status == 409)
    #expect(
      blocked.body
        == #"{"error": "Not undone: someone at the computer changed the same items since, "#
        + #"and undoing it would overwrite that."}"#)
    let cli = try shoplist.run("undo", "4")
    #expect(cli.status == 65)
    #expect(cli.stderr.contains("changed the same items since; undo #7 first"), "\(cli)")
    #expect(try shoplist.ok("list", "--json").stdout == before)

    #expect(try server.request("POST", "/api/redo", authorized: false).status == 401)
    #expect(try server.request("GET", "/api/history/99/undo").status == 405)
  }

  @Test func whatLeftTheListsIsSuggestedAndGivesAPhraseItsCategory() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("check", "Milk")
    try shoplist.ok("clear")
    try shoplist.ok("add", "Green tea", "--category", "hot drinks")
    try shoplist.ok("remove", "Green tea")
    let server = try ServingShoplist(shoplist)
    defer { server.stop() }

    // Removed without being bought: suggested all the same.
    let suggested = try server.request("GET", "/api/suggestions?q=TEA&list=shopping")
    #expect(
      suggested.body
        == #"{"suggestions": [{"name": "Green tea", "quantity": 1, "unit": null, "#
        + #""category": "hot drinks", "times": 1}]}"# + "\n")

    // Typed on the page as a phrase, milk gets the category it had.
    let added = try server.request(
      "POST", "/api/lists/shopping/items?return=item", json: #"{"text": "2 l milk"}"#)
    #expect(added.status == 200, "\(added.body)")
    #expect(added.body.contains(#""quantity": 2, "unit": "l", "category": "dairy""#))
    // And taken back by one undo, as any add.
    #expect(try server.request("POST", "/api/history/6/undo").status == 200)
    #expect(try shoplist.names() == [])
  }
}
