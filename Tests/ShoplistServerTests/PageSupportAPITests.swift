import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// What the page needs beside the list documents: the history entry each write recorded (for
/// its "Undo"), `?return=item`, who changed which items (`GET /api/activity`), and the shop
/// order (`GET /api/aisles`).
@Suite struct PageSupportAPITests {
  /// Adds Milk (2 l) and Bread through the library; returns their ids.
  private static func seed(_ harness: Harness) throws -> (milk: UUID, bread: UUID) {
    let products = try harness.service.perform(
      .add(names: ["Milk", "Bread"], changes: .none), onList: "shopping"
    ).list.products
    return (try #require(products.first?.id), try #require(products.last?.id))
  }

  // MARK: - The entry a write recorded

  @Test func everyWriteNamesTheHistoryEntryThatRecordsIt() async throws {
    let harness = try Harness()
    let (milk, bread) = try Self.seed(harness)  // entry 1
    try await harness.withClient { client in
      let check = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#)
      #expect(check.headers[JSONAnswer.entryHeader] == "2")
      let add = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "2 l oat milk"}"#)
      #expect(add.headers[JSONAnswer.entryHeader] == "3")
      let remove = try await client.send(.delete, "/api/lists/shopping/items/\(bread)")
      #expect(remove.headers[JSONAnswer.entryHeader] == "4")
      let clear = try await client.send(.post, "/api/lists/shopping/clear")
      #expect(clear.headers[JSONAnswer.entryHeader] == "5")

      // Undoing exactly that entry, by its number.
      let undo = try await client.send(.post, "/api/history/4/undo")
      #expect(undo.status == .ok, "\(undo.body)")
      #expect(try harness.service.list(named: "shopping").products.map(\.name).contains("Bread"))
    }
  }

  @Test func aWriteThatChangesNothingNamesNoEntry() async throws {
    let harness = try Harness()
    let (milk, _) = try Self.seed(harness)
    try await harness.withClient { client in
      let first = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#)
      #expect(first.headers[JSONAnswer.entryHeader] == "2")
      let again = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#)
      #expect(again.status == .ok)
      #expect(again.headers[JSONAnswer.entryHeader] == nil)
      #expect(try harness.service.history(limit: 10).count == 2)
    }
  }

  // MARK: - ?return=item

  @Test func returnItemAnswersWithTheChangedItemAlone() async throws {
    let harness = try Harness()
    let (milk, bread) = try Self.seed(harness)
    try await harness.withClient { client in
      let check = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)?return=item", json: #"{"checked": true}"#)
      #expect(check.status == .ok)
      let checked = try check.json()
      #expect(checked["id"] as? String == milk.uuidString)
      #expect(checked["checked"] as? Bool == true)
      #expect(checked["position"] as? Int == 1)
      #expect(checked["items"] == nil)
      let second = try await client.send(
        .patch, "/api/lists/shopping/items/\(bread)?return=item", json: #"{"note": "rye"}"#)
      #expect(try second.json()["position"] as? Int == 2)

      let add = try await client.send(
        .post, "/api/lists/shopping/items?return=item", json: #"{"text": "2 l oat milk"}"#)
      let added = try add.json()
      #expect(added["name"] as? String == "oat milk")
      #expect(added["quantity"] as? Int == 2)
      #expect(added["unit"] as? String == "l")
      #expect(added["position"] as? Int == 3)

      let remove = try await client.send(
        .delete, "/api/lists/shopping/items/\(bread)?return=item")
      #expect(remove.body == #"{"removed": "\#(bread.uuidString)"}"# + "\n")

      let reset = try await client.send(.post, "/api/lists/shopping/reset?return=item")
      let unchecked = try #require(try reset.json()["items"] as? [[String: Any]])
      #expect(unchecked.map { $0["id"] as? String } == [milk.uuidString])
      #expect(unchecked.map { $0["checked"] as? Bool } == [false])

      _ = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#)
      let clear = try await client.send(.post, "/api/lists/shopping/clear?return=item")
      #expect(clear.body == #"{"removed": ["\#(milk.uuidString)"]}"# + "\n")
    }
  }

  @Test(arguments: ["return=list", "return=", "return=ITEM", "return=item&return=item"])
  func anotherReturnIs400AndChangesNothing(query: String) async throws {
    let harness = try Harness()
    let (milk, _) = try Self.seed(harness)
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let answer = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)?\(query)", json: #"{"checked": true}"#)
      #expect(answer.status == .badRequest, "\(answer.body)")
      #expect(answer.body.hasPrefix(#"{"error": "#))
    }
    #expect(try harness.snapshot() == before)
  }

  // MARK: - Activity

  @Test func activitySaysWhoChangedWhichItemsSinceAnEntry() async throws {
    let harness = try Harness()
    let (milk, bread) = try Self.seed(harness)  // entry 1, no member
    _ = try await harness.service.perform(
      .add(names: ["Eggs"], changes: .none), onList: "shopping", by: "Ana",
      labelling: { _ in "web (Ana): add Eggs" })  // entry 2
    try await harness.withClient { client in
      _ = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#)  // 3
      _ = try await client.send(.delete, "/api/lists/shopping/items/\(bread)")  // 4

      let answer = try await client.send(.get, "/api/activity?list=SHOPPING&after=1")
      #expect(answer.status == .ok, "\(answer.body)")
      let document = try answer.json()
      #expect(document["newest"] as? Int == 4)
      let activity = try #require(document["activity"] as? [[String: Any]])
      #expect(activity.map { $0["entry"] as? Int } == [2, 3, 4])
      #expect(activity.map { $0["change"] as? String } == ["added", "checked", "removed"])
      #expect(activity.map { $0["name"] as? String } == ["Eggs", "Milk", "Bread"])
      #expect(activity.map { $0["by"] as? String } == ["Ana", nil, nil])
      #expect(activity[0]["command"] as? String == "web (Ana): add Eggs")
      #expect(activity[1]["item"] as? String == milk.uuidString)

      let none = try await client.send(.get, "/api/activity?list=shopping&after=4")
      #expect(none.body == #"{"newest": 4, "activity": []}"# + "\n")
    }
  }

  @Test func activityOfOtherListsIsLeftOut() async throws {
    let harness = try Harness()
    _ = try Self.seed(harness)
    _ = try harness.service.perform(
      .add(names: ["Screws"], changes: .none), onList: "hardware", creatingIfMissing: true)
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/api/activity?list=shopping")
      let activity = try #require(try answer.json()["activity"] as? [[String: Any]])
      #expect(activity.map { $0["name"] as? String } == ["Milk", "Bread"])
    }
  }

  @Test(arguments: [
    ("/api/activity", HTTPResponse.Status.badRequest),
    ("/api/activity?list=shopping&after=-1", .badRequest),
    ("/api/activity?list=shopping&after=two", .badRequest),
    ("/api/activity?list=nothing", .notFound),
  ])
  func activityRefusesWhatItCannotAnswer(uri: String, status: HTTPResponse.Status) async throws {
    let harness = try Harness()
    _ = try Self.seed(harness)
    try await harness.withClient { client in
      let answer = try await client.send(.get, uri)
      #expect(answer.status == status, "\(answer.body)")
      #expect(answer.body.hasPrefix(#"{"error": "#))
    }
  }

  // MARK: - Aisles

  @Test func aislesIsTheShopOrderAsAislesJSON() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let empty = try await client.send(.get, "/api/aisles")
      #expect(empty.body == #"{"aisles": []}"# + "\n")
      _ = try harness.service.setAisles(["vegetables", "bakery", "dairy"], shop: nil)
      let set = try await client.send(.get, "/api/aisles")
      #expect(set.body == #"{"aisles": ["vegetables", "bakery", "dairy"]}"# + "\n")
      // A list bought at another shop is shown in that shop's order.
      _ = try harness.service.setAisles(["dairy", "bakery"], shop: "Lidl")
      try harness.service.createList(named: "weekend")
      _ = try harness.service.setShop("Lidl", ofList: "weekend")
      let own = try await client.send(.get, "/api/aisles?list=weekend")
      #expect(own.body == #"{"aisles": ["dairy", "bakery"]}"# + "\n")
      let unknown = try await client.send(.get, "/api/aisles?list=nowhere")
      #expect(unknown.body == #"{"aisles": ["vegetables", "bakery", "dairy"]}"# + "\n")
    }
  }
}
