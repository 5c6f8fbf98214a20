import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// Every row of the contract's API table, through the router over a real database.
@Suite struct APITests {
  @Test func listsAreTheDocumentOfListsJSON() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/api/lists")
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      #expect(
        answer.body
          == #"{"lists": [{"name": "shopping", "items": 0, "checked": 0, "default": true}]}"# + "\n"
      )
    }
  }

  @Test func creatingAListAnswers201WithItsDocument() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let created = try await client.send(.post, "/api/lists", json: #"{"name": " Party  time "}"#)
      #expect(created.status == .created)
      #expect(created.body == #"{"list": "Party time", "items": []}"# + "\n")

      let again = try await client.send(.post, "/api/lists", json: #"{"name": "PARTY TIME"}"#)
      #expect(again.status == .conflict)
      #expect(again.body == #"{"error": "a list named \"Party time\" already exists"}"#)
    }
  }

  @Test func aListIsItsDocument() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk", "Eggs"], changes: .none), onList: "shopping")
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/api/lists/SHOPPING")
      #expect(answer.status == .ok)
      #expect(try answer.names() == ["Milk", "Eggs"])
      #expect(try answer.json()["list"] as? String == "shopping")

      let missing = try await client.send(.get, "/api/lists/nowhere")
      #expect(missing.status == .notFound)
      #expect(missing.body == #"{"error": "no list \"nowhere\""}"#)
      let spaced = try await client.send(.get, "/api/lists/no%20where")
      #expect(spaced.body == #"{"error": "no list \"no where\""}"#)
    }
  }

  @Test func addingFollowsAddsRules() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let added = try await client.send(
        .post, "/api/lists/shopping/items",
        json: #"{"name": "Milk", "quantity": 2, "unit": "l", "category": "dairy", "note": "oat"}"#)
      #expect(added.status == .ok)
      let item = try #require((try added.json()["items"] as? [[String: Any]])?.first)
      #expect(item["quantity"] as? Int == 2)
      #expect(item["unit"] as? String == "l")
      #expect(item["note"] as? String == "oat")

      // No duplicate: the item is updated, and a decimal quantity kept exactly.
      let again = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"name": "MILK", "quantity": "1.25"}"#)
      #expect(try again.names() == ["MILK"])
      #expect(again.body.contains(#""quantity": 1.25"#))
    }
    #expect(try harness.service.history(limit: 1).first?.command == "web: add MILK")
  }

  @Test func patchSetsFieldsAndCheckingTwiceIsHarmless() async throws {
    let harness = try Harness()
    let outcome = try harness.service.perform(
      .add(names: ["Milk", "Bread"], changes: try ProductChanges(unit: "l")), onList: "shopping")
    let milk = try #require(outcome.list.products.first?.id)
    try await harness.withClient { client in
      let path = "/api/lists/shopping/items/\(milk.uuidString)"
      let checked = try await client.send(.patch, path, json: #"{"checked": true}"#)
      #expect(checked.status == .ok)
      let twice = try await client.send(.patch, path, json: #"{"checked": true}"#)
      #expect(twice.status == .ok)
      #expect(twice.body == checked.body)

      let edited = try await client.send(
        .patch, path, json: #"{"name": "Oat milk", "unit": null, "quantity": 0.5, "note": "x"}"#)
      let item = try #require((try edited.json()["items"] as? [[String: Any]])?.first)
      #expect(item["name"] as? String == "Oat milk")
      #expect(item["unit"] is NSNull)
      #expect(item["quantity"] as? Double == 0.5)
      #expect(item["checked"] as? Bool == true)
    }
    let commands = try harness.service.history(limit: 3).map(\.command)
    #expect(commands == ["web: edit Milk", "web: check Milk", "add Milk Bread"])
  }

  @Test func deleteRemovesTheItem() async throws {
    let harness = try Harness()
    let outcome = try harness.service.perform(
      .add(names: ["Milk", "Bread"], changes: .none), onList: "shopping")
    let bread = try #require(outcome.list.products.last?.id)
    try await harness.withClient { client in
      let removed = try await client.send(.delete, "/api/lists/shopping/items/\(bread.uuidString)")
      #expect(removed.status == .ok)
      #expect(try removed.names() == ["Milk"])
      let gone = try await client.send(.delete, "/api/lists/shopping/items/\(bread.uuidString)")
      #expect(gone.status == .notFound)
    }
    #expect(try harness.service.history(limit: 1).first?.command == "web: remove Bread")
  }

  @Test func clearAndResetAreTheCommands() async throws {
    let harness = try Harness()
    try harness.service.perform(
      .add(names: ["Milk", "Bread", "Eggs"], changes: .none), onList: nil)
    try harness.service.perform(
      .set(.checked, items: [.typed("milk"), .typed("eggs")]), onList: nil)
    try await harness.withClient { client in
      let reset = try await client.send(.post, "/api/lists/shopping/reset")
      #expect(reset.status == .ok)
      #expect(!reset.body.contains(#""checked": true"#))
      _ = try await client.send(.post, "/api/lists/shopping/reset")
    }
    try harness.service.perform(.set(.checked, items: [.typed("bread")]), onList: nil)
    try await harness.withClient { client in
      let cleared = try await client.send(.post, "/api/lists/shopping/clear")
      #expect(try cleared.names() == ["Milk", "Eggs"])
    }
    #expect(try harness.service.history(limit: 2).map(\.command) == ["web: clear", "check bread"])
  }

  @Test func theOpenAPIDocumentDescribesEveryRoute() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/openapi.json", headers: [:])
      #expect(answer.status == .ok)
      let paths = try #require(try answer.json()["paths"] as? [String: Any])
      #expect(
        Set(paths.keys) == [
          "/api/lists", "/api/lists/{name}", "/api/lists/{name}/items",
          "/api/lists/{name}/items/{id}", "/api/lists/{name}/clear", "/api/lists/{name}/reset",
          "/api/events", "/api/me", "/api/history", "/api/history/{id}/undo", "/api/redo",
          "/api/suggestions", "/api/activity", "/api/aisles", "/api/invites", "/api/shops",
          "/api/shops/{shop}",
        ])
      #expect(try answer.json()["openapi"] as? String == "3.0.3")
    }
  }
}
