import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// `POST /api/lists/{name}/items` with `{"text": "2 l milk"}`: the add box's quantity
/// phrases, read by the core's one rule.
@Suite struct PhraseAPITests {
  /// The first item of a list document.
  private static func item(_ answer: Answer) throws -> [String: Any] {
    try #require((try answer.json()["items"] as? [[String: Any]])?.first)
  }

  @Test(
    arguments: [
      ("2 l milk", "milk", 2.0, "l"), ("milk 2 l", "milk", 2.0, "l"),
      ("1,5 kg apples", "apples", 1.5, "kg"), ("eggs x12", "eggs", 12.0, nil),
      ("3 musketeers bar", "musketeers bar", 3.0, nil), ("7up", "7up", 1.0, nil),
      (#"\"3 musketeers bar\""#, "3 musketeers bar", 1.0, nil),
      ("\u{201C}2 l milk\u{201D}", "2 l milk", 1.0, nil),
    ] as [(String, String, Double, String?)])
  func aPhraseAddsTheItemWithItsQuantityAndUnit(
    text: String, name: String, quantity: Double, unit: String?
  ) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "\#(text)", "category": "dairy"}"#)
      #expect(answer.status == .ok, "\(answer.body)")
      let item = try Self.item(answer)
      #expect(item["name"] as? String == name)
      #expect(item["quantity"] as? Double == quantity)
      #expect(item["unit"] as? String == unit)
      #expect(item["category"] as? String == "dairy")
    }
    #expect(try harness.service.history(limit: 1).first?.command == "web: add \(name)")
  }

  @Test func aPhraseForAnItemOnTheListUpdatesItsAmount() async throws {
    let harness = try Harness()
    try harness.service.perform(
      .add(names: ["Milk"], changes: try ProductChanges(quantity: "1", unit: "pack")),
      onList: "shopping")
    try await harness.withClient { client in
      let answer = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "2 l milk"}"#)
      // As `add` does: one item, named as last written.
      #expect(try answer.names() == ["milk"])
      let item = try Self.item(answer)
      #expect(item["quantity"] as? Int == 2)
      #expect(item["unit"] as? String == "l")
    }
  }

  @Test(arguments: [
    (#"{"name": "milk", "text": "2 l milk"}"#, "not both"),
    (#"{"quantity": 2}"#, "a phrase such as 2 l milk"),
    (#"{}"#, "a phrase such as 2 l milk"),
    (#"{"text": "milk", "quantity": 2}"#, "leave them out"),
    (#"{"text": "milk", "unit": "l"}"#, "leave them out"),
    (#"{"text": 2}"#, "text"),
  ])
  func aBodyThatGivesTheItemTwiceOrNotAtAllIs400(body: String, words: String) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let before = try harness.snapshot()
      let answer = try await client.send(.post, "/api/lists/shopping/items", json: body)
      #expect(answer.status == .badRequest)
      #expect(answer.body.contains(words), "\(answer.body)")
      #expect(try harness.snapshot() == before)
    }
  }

  @Test func aQuantityAloneOrABadPhraseIs422AndAnUnknownListIs404() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let before = try harness.snapshot()
      let alone = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "2 l"}"#)
      #expect(alone.status == .unprocessableContent)
      #expect(alone.body == #"{"error": "\"2 l\" is a quantity, not an item"}"#)
      let empty = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "   "}"#)
      #expect(empty.status == .unprocessableContent)
      let missing = try await client.send(
        .post, "/api/lists/nowhere/items", json: #"{"text": "2 l milk"}"#)
      #expect(missing.status == .notFound)
      #expect(try harness.snapshot() == before)
      let anonymous = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"text": "2 l milk"}"#, headers: [:])
      #expect(anonymous.status == .unauthorized)
      #expect(try harness.snapshot() == before)
    }
  }
}
