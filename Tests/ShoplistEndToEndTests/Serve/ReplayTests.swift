import Foundation
import ShoplistTestTraits
import Testing

/// A phone replaying its offline changes to `shoplist serve`, while someone else used the
/// command line meanwhile (often within the same second): each change names the item's
/// `updatedAt` as the phone saw it, and one that no longer holds leaves the item as it is.
@Suite(.offThePool, .serialized, .sqlitePass) struct ReplayTests {
  /// The list's items by name: each item's JSON object.
  static func items(_ shoplist: Shoplist) throws -> [String: [String: Any]] {
    let document = try shoplist.run("list", "--json").json()
    let items = document["items"] as? [[String: Any]] ?? []
    return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "", $0) })
  }

  static func json(_ body: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }

  @Test func changesToItemsOthersChangedMeanwhileAre412AndTheirWorkStays() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "Cheese")
    try shoplist.ok("check", "bread")
    let server = try ServingShoplist(shoplist)
    let seen = try Self.items(shoplist)  // what the phone saw before it went offline
    let bread = try #require(seen["Bread"])
    let cheese = try #require(seen["Cheese"])

    // Meanwhile, on the command line.
    try shoplist.ok("uncheck", "bread")
    try shoplist.ok("edit", "cheese", "--note", "brie")
    try shoplist.ok("add", "Yogurt", "--quantity", "6")
    try shoplist.ok("check", "yogurt")
    let before = try shoplist.run("list", "--json").stdout

    // The phone's clear, replayed as removing what it saw checked.
    let removeBread = try server.request(
      "DELETE",
      "/api/lists/shopping/items/\(bread["id"] as? String ?? "")"
        + "?ifUpdatedAt=\(bread["updatedAt"] as? String ?? "")")
    #expect(removeBread.status == 412, "\(removeBread.body)")
    let current = try #require(try Self.json(removeBread.body)["item"] as? [String: Any])
    #expect(current["checked"] as? Bool == false)
    #expect(current["updatedAt"] as? String != bread["updatedAt"] as? String)

    // Its remove of Cheese, and the check it made offline.
    let cheesePath = "/api/lists/shopping/items/\(cheese["id"] as? String ?? "")"
    let cheeseTime = cheese["updatedAt"] as? String ?? ""
    let removeCheese = try server.request("DELETE", cheesePath + "?ifUpdatedAt=\(cheeseTime)")
    #expect(removeCheese.status == 412, "\(removeCheese.body)")
    let checkCheese = try server.request(
      "PATCH", cheesePath, json: #"{"checked": true, "ifUpdatedAt": "\#(cheeseTime)"}"#)
    #expect(checkCheese.status == 412, "\(checkCheese.body)")

    // Its add of Yogurt, which it had not seen on the list.
    let addYogurt = try server.request(
      "POST", "/api/lists/shopping/items",
      json: #"{"name": "Yogurt", "quantity": 2, "ifUpdatedAt": null}"#)
    #expect(addYogurt.status == 412, "\(addYogurt.body)")
    #expect(
      try Self.json(addYogurt.body)["item"].flatMap { $0 as? [String: Any] }?["quantity"]
        as? Int == 6)

    #expect(server.stop().status == 0)
    // Everyone else's work is intact, and nothing at all changed.
    #expect(try shoplist.run("list", "--json").stdout == before)
    let after = try Self.items(shoplist)
    #expect(after["Bread"]?["checked"] as? Bool == false)
    #expect(after["Cheese"]?["note"] as? String == "brie")
    #expect(
      after["Yogurt"]?["quantity"] as? Int == 6 && after["Yogurt"]?["checked"] as? Bool == true)
  }

  @Test func changesToItemsNobodyElseTouchedApply() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "Cheese")
    try shoplist.ok("check", "bread")
    let server = try ServingShoplist(shoplist)
    let seen = try Self.items(shoplist)
    try shoplist.ok("add", "Tea")  // someone else's change to another item

    let bread = try #require(seen["Bread"])
    let cheese = try #require(seen["Cheese"])
    let removed = try server.request(
      "DELETE",
      "/api/lists/shopping/items/\(bread["id"] as? String ?? "")"
        + "?ifUpdatedAt=\(bread["updatedAt"] as? String ?? "")")
    #expect(removed.status == 200, "\(removed.body)")
    let checked = try server.request(
      "PATCH", "/api/lists/shopping/items/\(cheese["id"] as? String ?? "")",
      json: #"{"checked": true, "ifUpdatedAt": "\#(cheese["updatedAt"] as? String ?? "")"}"#)
    #expect(checked.status == 200, "\(checked.body)")
    let added = try server.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Yogurt", "ifUpdatedAt": null}"#)
    #expect(added.status == 200, "\(added.body)")
    let malformed = try server.request(
      "PATCH", "/api/lists/shopping/items/\(cheese["id"] as? String ?? "")",
      json: #"{"checked": false, "ifUpdatedAt": "last Tuesday"}"#)
    #expect(malformed.status == 400, "\(malformed.body)")

    #expect(server.stop().status == 0)
    let after = try Self.items(shoplist)
    #expect(after["Bread"] == nil)
    #expect(after["Cheese"]?["checked"] as? Bool == true)
    #expect(after["Yogurt"] != nil && after["Tea"] != nil)
  }
}
