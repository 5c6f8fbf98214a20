import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// Shops from the page: `GET /api/shops`, `PUT /api/shops/{shop}` and `DELETE
/// /api/shops/{shop}`, as `shops --json`, `aisles --shop` and `shops delete`; each write one
/// history entry that an undo takes back, and every refusal changes nothing.
@Suite struct ShopsAPITests {
  static let twoShops =
    #"{"shops": [{"name": "default", "aisles": ["bakery", "dairy"], "default": true}, "#
    + #"{"name": "Lidl", "aisles": ["dairy", "bakery"], "default": false}]}"# + "\n"

  @Test func shopsAreMadeReorderedListedAndUndone() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let none = try await client.send(.get, "/api/shops")
      #expect(none.status == .ok)
      #expect(none.body == #"{"shops": []}"# + "\n")

      _ = try harness.service.setAisles(["bakery", "dairy"], shop: nil)
      let made = try await client.send(
        .put, "/api/shops/Lidl", json: #"{"aisles": ["dairy", "bakery"]}"#)
      #expect(made.status == .ok, "\(made.body)")
      #expect(made.body == Self.twoShops)
      let entry = try #require(made.headers[JSONAnswer.entryHeader])
      #expect(
        try harness.service.history(limit: 1).first?.command
          == "web: aisles of Lidl: dairy, bakery")
      #expect(try await client.send(.get, "/api/shops").body == Self.twoShops)

      // Reordered under another spelling of its name, by its percent-encoded path.
      let reordered = try await client.send(
        .put, "/api/shops/LIDL", json: #"{"aisles": ["bakery", "fr\u00fcchte"]}"#)
      #expect(reordered.status == .ok, "\(reordered.body)")
      #expect(
        try await harness.service.shops().all.map(\.aisles.categories).last == [
          "bakery", "früchte",
        ])
      let umlaut = try await client.send(
        .put, "/api/shops/S%C3%BCd", json: #"{"aisles": []}"#)
      #expect(umlaut.status == .ok, "\(umlaut.body)")
      #expect(try await harness.service.shops().all.map(\.name) == ["default", "Lidl", "Süd"])

      let undo = try await client.send(.post, "/api/history/\(entry)/undo")
      #expect(undo.status == .conflict, "a later change reordered the same shop: \(undo.body)")
      // Once the later changes are undone, newest first, it undoes.
      let first = try #require(Int(entry))
      for later in [first + 2, first + 1] {
        #expect(try await client.send(.post, "/api/history/\(later)/undo").status == .ok)
      }
      let undone = try await client.send(.post, "/api/history/\(entry)/undo")
      #expect(undone.status == .ok, "\(undone.body)")
      #expect(try await harness.service.shops().all.map(\.name) == ["default"])
    }
  }

  @Test func aDeletedShopsListsUseTheDefaultAndAnUndoBringsItBack() async throws {
    let harness = try Harness()
    _ = try harness.service.setAisles(["bakery", "dairy"], shop: nil)
    _ = try harness.service.setAisles(["dairy", "bakery"], shop: "Lidl")
    try harness.service.createList(named: "weekend")
    _ = try harness.service.setShop("Lidl", ofList: "weekend")
    let before = try await harness.service.shops()
    try await harness.withClient { client in
      let deleted = try await client.send(.delete, "/api/shops/lidl")
      #expect(deleted.status == .ok, "\(deleted.body)")
      #expect(
        deleted.body
          == #"{"shops": [{"name": "default", "aisles": ["bakery", "dairy"], "default": true}]}"#
          + "\n")
      #expect(try await harness.service.shops().ofList.isEmpty)
      let aisles = try await client.send(.get, "/api/aisles?list=weekend")
      #expect(aisles.body == #"{"aisles": ["bakery", "dairy"]}"# + "\n")
      let entry = try #require(deleted.headers[JSONAnswer.entryHeader])
      #expect(try await client.send(.post, "/api/history/\(entry)/undo").status == .ok)
    }
    #expect(try await harness.service.shops() == before)
  }

  @Test func refusalsSayWhyAndChangeNothing() async throws {
    let harness = try Harness()
    _ = try harness.service.setAisles(["dairy"], shop: "Lidl")
    let before = try await harness.service.shops()
    let entries = try harness.service.history(limit: 10).count
    try await harness.withClient { client in
      let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
        (.delete, "/api/shops/Lild", nil, .notFound, #"no shop \"Lild\"; did you mean \"Lidl\"?"#),
        (.delete, "/api/shops/Costco", nil, .notFound, #"no shop \"Costco\""#),
        (.put, "/api/shops/Lidll", #"{"aisles": ["x"]}"#, .notFound, "did you mean"),
        (.put, "/api/shops/Lidl", #"{"aisles": ["x", "X"]}"#, .unprocessableContent, "twice"),
        (.put, "/api/shops/Lidl", #"{"aisles": [""]}"#, .unprocessableContent, "category"),
        (.put, "/api/shops/Lidl", #"{"aisles": "dairy"}"#, .badRequest, "aisles"),
        (.put, "/api/shops/Lidl", #"{}"#, .badRequest, "aisles"),
        (.put, "/api/shops/%20", #"{"aisles": []}"#, .unprocessableContent, "name"),
      ]
      for (method, path, body, status, words) in cases {
        let answer =
          if let body { try await client.send(method, path, json: body) } else {
            try await client.send(method, path)
          }
        #expect(answer.status == status, "\(method) \(path): \(answer.body)")
        #expect(answer.body.hasPrefix(#"{"error": "#), "\(answer.body)")
        #expect(answer.body.contains(words), "\(answer.body)")
      }
    }
    #expect(try await harness.service.shops() == before)
    #expect(try harness.service.history(limit: 10).count == entries)
  }
}
