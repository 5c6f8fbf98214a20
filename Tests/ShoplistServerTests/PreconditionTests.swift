import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// `ifUpdatedAt`: a change sent with the item's `updatedAt` as the client last saw it applies
/// only to that item as it was; otherwise 412 with the item as it is, and nothing changes.
@Suite struct PreconditionTests {
  /// A list of Bread, Cheese and Yogurt; returns the items by name as a page would have seen
  /// them.
  func seed(_ harness: Harness) throws -> [String: Product] {
    let outcome = try harness.service.perform(
      .add(names: ["Bread", "Cheese", "Yogurt"], changes: .none), onList: nil)
    try harness.service.perform(.set(.checked, items: [.typed("bread")]), onList: nil)
    let list = try harness.service.list(named: nil)
    #expect(outcome.list.products.count == 3)
    return Dictionary(uniqueKeysWithValues: list.products.map { ($0.name, $0) })
  }

  func stamp(_ product: Product?) -> String {
    product.map { Timestamp.preciseString(from: $0.updatedAt) } ?? ""
  }

  /// A 412 answer's item object.
  func refusedItem(_ answer: Answer) throws -> [String: Any] {
    #expect(answer.status == .preconditionFailed, "\(answer.body)")
    #expect(try answer.json()["error"] is String)
    return try #require(try answer.json()["item"] as? [String: Any], "\(answer.body)")
  }

  @Test func a412NamesWhoChangedTheItemLast() async throws {
    let harness = try Harness()
    let seen = try seed(harness)
    let bread = try #require(seen["Bread"])
    try harness.service.perform(.set(.unchecked, items: [.typed("bread")]), onList: nil)
    let entry = try #require(try harness.service.history(limit: 1).first)
    try harness.service.perform(.set(.checked, items: [.typed("yogurt")]), onList: nil)
    try await harness.withClient { client in
      let answer = try await client.send(
        .patch, "/api/lists/shopping/items/\(bread.id.uuidString)",
        json: #"{"checked": true, "ifUpdatedAt": "\#(stamp(bread))"}"#)
      _ = try refusedItem(answer)
      // The entry that changed Bread, not the later one that changed Yogurt.
      let changedBy = try #require(try answer.json()["changedBy"] as? [String: Any])
      #expect(changedBy["command"] as? String == entry.command)
      #expect(changedBy["by"] is NSNull)
      #expect((changedBy["at"] as? String)?.hasSuffix("Z") == true)
    }
  }

  @Test func aPatchOfAnItemChangedMeanwhileIs412WithTheItemAndChangesNothing() async throws {
    let harness = try Harness()
    let seen = try seed(harness)
    let bread = try #require(seen["Bread"])
    try harness.service.perform(.set(.unchecked, items: [.typed("bread")]), onList: nil)
    let before = try harness.snapshot()
    let path = "/api/lists/shopping/items/\(bread.id.uuidString)"
    try await harness.withClient { client in
      let answer = try await client.send(
        .patch, path, json: #"{"checked": true, "ifUpdatedAt": "\#(stamp(bread))"}"#)
      let item = try refusedItem(answer)
      #expect(item["id"] as? String == bread.id.uuidString)
      #expect(item["checked"] as? Bool == false)
      #expect(item["position"] as? Int == 1)
      let current = try harness.service.list(named: nil).product(named: "Bread")
      #expect(item["updatedAt"] as? String == stamp(current))
      #expect(item["updatedAt"] as? String != stamp(bread))
      #expect(
        try answer.json()["error"] as? String
          == PreconditionFailure(
            precondition: .unchangedSince(bread.updatedAt), item: try #require(current),
            position: 1, list: "shopping"
          ).description)
    }
    #expect(try harness.snapshot() == before)

    // Sent again with the time it has now, it applies.
    let now = try harness.service.list(named: nil).product(named: "Bread")
    try await harness.withClient { client in
      let answer = try await client.send(
        .patch, path, json: #"{"checked": true, "ifUpdatedAt": "\#(stamp(now))"}"#)
      #expect(answer.status == .ok, "\(answer.body)")
    }
    #expect(try harness.service.list(named: nil).product(named: "Bread")?.isChecked == true)
  }

  @Test func aDeleteOfAnItemChangedMeanwhileIs412AndTheItemStays() async throws {
    let harness = try Harness()
    let seen = try seed(harness)
    let cheese = try #require(seen["Cheese"])
    try harness.service.perform(
      .edit(.typed("cheese"), name: nil, changes: try ProductChanges(note: "brie")), onList: nil)
    let before = try harness.snapshot()
    let path = "/api/lists/shopping/items/\(cheese.id.uuidString)"
    try await harness.withClient { client in
      let query = "?ifUpdatedAt=" + stamp(cheese).replacingOccurrences(of: ":", with: "%3A")
      let answer = try await client.send(.delete, path + query)
      let item = try refusedItem(answer)
      #expect(item["note"] as? String == "brie")
      #expect(item["position"] as? Int == 2)
    }
    #expect(try harness.snapshot() == before)

    let now = try harness.service.list(named: nil).product(named: "Cheese")
    try await harness.withClient { client in
      let answer = try await client.send(.delete, path + "?ifUpdatedAt=\(stamp(now))")
      #expect(answer.status == .ok, "\(answer.body)")
      #expect(try answer.names() == ["Bread", "Yogurt"])
    }
  }

  @Test func aDeleteOfAnItemGoneMeanwhileIs404() async throws {
    let harness = try Harness()
    let seen = try seed(harness)
    let cheese = try #require(seen["Cheese"])
    try harness.service.perform(.remove([.typed("cheese")]), onList: nil)
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let answer = try await client.send(
        .delete, "/api/lists/shopping/items/\(cheese.id.uuidString)?ifUpdatedAt=\(stamp(cheese))")
      #expect(answer.status == .notFound)
    }
    #expect(try harness.snapshot() == before)
  }

  @Test func anAddOnlyIfAbsentOfAnItemAddedMeanwhileIs412AndKeepsTheirs() async throws {
    let harness = try Harness()
    _ = try seed(harness)
    try harness.service.perform(
      .add(names: ["Butter"], changes: try ProductChanges(quantity: "6")), onList: nil)
    try harness.service.perform(.set(.checked, items: [.typed("butter")]), onList: nil)
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let answer = try await client.send(
        .post, "/api/lists/shopping/items",
        json: #"{"name": "butter", "quantity": 2, "ifUpdatedAt": null}"#)
      let item = try refusedItem(answer)
      #expect(item["name"] as? String == "Butter")
      #expect(item["quantity"] as? Int == 6)
      #expect(item["checked"] as? Bool == true)
      #expect(item["position"] as? Int == 4)
    }
    #expect(try harness.snapshot() == before)

    try await harness.withClient { client in
      let answer = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"name": "Eggs", "ifUpdatedAt": null}"#)
      #expect(answer.status == .ok, "\(answer.body)")
      #expect(try answer.names().last == "Eggs")
    }
  }

  @Test func anAddToAnItemAsSeenMergesAndOneChangedOrGoneMeanwhileIsRefused() async throws {
    let harness = try Harness()
    let seen = try seed(harness)
    let yogurt = try #require(seen["Yogurt"])
    let bread = try #require(seen["Bread"])
    try await harness.withClient { client in
      let merged = try await client.send(
        .post, "/api/lists/shopping/items",
        json: #"{"name": "Yogurt", "quantity": 2, "ifUpdatedAt": "\#(stamp(yogurt))"}"#)
      #expect(merged.status == .ok, "\(merged.body)")
    }
    #expect(try harness.service.list(named: nil).product(named: "Yogurt")?.quantity == 2)

    try harness.service.perform(.set(.unchecked, items: [.typed("bread")]), onList: nil)
    var before = try harness.snapshot()
    try await harness.withClient { client in
      let stale = try await client.send(
        .post, "/api/lists/shopping/items",
        json: #"{"name": "Bread", "note": "rye", "ifUpdatedAt": "\#(stamp(bread))"}"#)
      #expect(try refusedItem(stale)["note"] is NSNull)
    }
    #expect(try harness.snapshot() == before)

    try harness.service.perform(.remove([.typed("bread")]), onList: nil)
    before = try harness.snapshot()
    try await harness.withClient { client in
      let gone = try await client.send(
        .post, "/api/lists/shopping/items",
        json: #"{"name": "Bread", "ifUpdatedAt": "\#(stamp(bread))"}"#)
      #expect(gone.status == .notFound)
      #expect(gone.body == #"{"error": "no item \"Bread\" in list \"shopping\""}"#)
    }
    #expect(try harness.snapshot() == before)
  }

  /// A list with Cheese; each case is a request with a malformed `ifUpdatedAt`: 400, with the
  /// database as it was.
  @Test(
    arguments: [
      (HTTPRequest.Method.patch, "ID", #"{"checked": true, "ifUpdatedAt": "yesterday"}"#),
      (.patch, "ID", #"{"checked": true, "ifUpdatedAt": null}"#),
      (.patch, "ID", #"{"checked": true, "ifUpdatedAt": 1795000000}"#),
      (.patch, "ID", #"{"checked": true, "ifUpdatedAt": "2026-11-21T10:00:00.000Z"}"#),
      (.patch, "ID", #"{"checked": true, "ifUpdatedAt": "2026-02-30T10:00:00Z"}"#),
      (.delete, "ID?ifUpdatedAt=2026-11-21", ""),
      (.delete, "ID?ifUpdatedAt=", ""),
      (.delete, "ID?ifUpdatedAt=2026-11-21T10%3A00%3A00%2B01%3A00", ""),
      (
        .delete, "ID?ifUpdatedAt=2026-11-21T10:00:00Z&ifUpdatedAt=2026-11-21T10:00:01Z", ""
      ),
      (.post, "", #"{"name": "Cheese", "ifUpdatedAt": "now"}"#),
      (.post, "", #"{"name": "Cheese", "ifUpdatedAt": false}"#),
      (.post, "", #"{"name": "Cheese", "ifUpdatedAt": "2026-11-21 10:00:00Z"}"#),
    ] as [(HTTPRequest.Method, String, String)])
  func aMalformedIfUpdatedAtIs400AndChangesNothing(
    method: HTTPRequest.Method, path: String, body: String
  ) async throws {
    let harness = try Harness()
    let cheese = try #require(try seed(harness)["Cheese"])
    let before = try harness.snapshot()
    let base = "/api/lists/shopping/items"
    let target =
      path.isEmpty
      ? base : "\(base)/" + path.replacingOccurrences(of: "ID", with: cheese.id.uuidString)
    try await harness.withClient { client in
      let answer = try await client.send(method, target, json: body.isEmpty ? nil : body)
      #expect(answer.status == .badRequest, "\(answer.body)")
      #expect(try answer.json()["error"] is String, "\(answer.body)")
    }
    #expect(try harness.snapshot() == before)
  }

  @Test func aMalformedTimestampIsNamedInTheError() async throws {
    let harness = try Harness()
    let cheese = try #require(try seed(harness)["Cheese"])
    try await harness.withClient { client in
      let answer = try await client.send(
        .delete, "/api/lists/shopping/items/\(cheese.id.uuidString)?ifUpdatedAt=soon")
      #expect(
        answer.body
          == #"{"error": "ifUpdatedAt \"soon\" is not a timestamp such as 2026-11-21T10:00:00Z"}"#)
    }
  }
}
