import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// Managing lists from the page: `PATCH /api/lists/{name}` renames one, `DELETE
/// /api/lists/{name}` deletes one with its items; each is one history entry that an undo takes
/// back, and every refusal changes nothing.
@Suite struct ListManagementAPITests {
  /// The shopping list with Milk, and the list Party with Cups and Crisps (Crisps checked).
  private static func seeded() throws -> Harness {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    try harness.service.perform(
      .add(names: ["Cups", "Crisps"], changes: .none), onList: "Party", creatingIfMissing: true)
    try harness.service.perform(.set(.checked, items: [.typed("Crisps")]), onList: "Party")
    return harness
  }

  @Test func aRenameAnswersTheListDocumentAndIsUndoneByItsEntry() async throws {
    let harness = try Self.seeded()
    try await harness.withClient { client in
      let renamed = try await client.send(
        .patch, "/api/lists/party", json: #"{"name": "Garden party"}"#)

      #expect(renamed.status == .ok, "\(renamed.body)")
      #expect(try renamed.json()["list"] as? String == "Garden party")
      #expect(try renamed.names() == ["Cups", "Crisps"])
      let entry = try #require(renamed.headers[JSONAnswer.entryHeader])
      #expect(
        try harness.service.history(limit: 1).first?.command
          == "web: rename list party to Garden party")
      #expect(try harness.service.listSummaries().map(\.name) == ["shopping", "Garden party"])

      let undo = try await client.send(.post, "/api/history/\(entry)/undo")
      #expect(undo.status == .ok, "\(undo.body)")
      #expect(try harness.service.listSummaries().map(\.name) == ["shopping", "Party"])
    }
  }

  @Test func aDeleteAnswersTheNameAndEntryAndItsUndoBringsTheListBackInPlace() async throws {
    let harness = try Self.seeded()
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let deleted = try await client.send(.delete, "/api/lists/PARTY")

      #expect(deleted.status == .ok, "\(deleted.body)")
      let entry = try #require(deleted.headers[JSONAnswer.entryHeader])
      #expect(deleted.body == #"{"deleted": "Party", "entry": \#(entry)}"# + "\n")
      #expect(try harness.service.listSummaries().map(\.name) == ["shopping"])
      #expect(try harness.service.history(limit: 1).first?.command == "web: delete list PARTY")

      let undo = try await client.send(.post, "/api/history/\(entry)/undo")
      #expect(undo.status == .ok, "\(undo.body)")
    }
    // Back in its place, with its items, ids and checks; only the history moved on.
    #expect(try harness.snapshot().dropLast() == before.dropLast())
  }

  @Test func aMoveAnswersTheListDocumentAndIsUndoneByItsEntry() async throws {
    let harness = try Self.seeded()
    try harness.service.createList(named: "Garden")
    try await harness.withClient { client in
      let moved = try await client.send(.patch, "/api/lists/garden", json: #"{"position": 1}"#)

      #expect(moved.status == .ok, "\(moved.body)")
      #expect(try moved.json()["list"] as? String == "Garden")
      #expect(try harness.service.listSummaries().map(\.name) == ["Garden", "shopping", "Party"])
      #expect(
        try harness.service.history(limit: 1).first?.command == "web: move list garden to 1")
      // Renamed and moved in one change.
      let both = try await client.send(
        .patch, "/api/lists/party", json: #"{"name": "Barbecue", "position": 2}"#)
      #expect(both.status == .ok, "\(both.body)")
      #expect(
        try harness.service.listSummaries().map(\.name) == ["Garden", "Barbecue", "shopping"])
      let entry = try #require(both.headers[JSONAnswer.entryHeader])

      #expect(try await client.send(.post, "/api/history/\(entry)/undo").status == .ok)
      #expect(try harness.service.listSummaries().map(\.name) == ["Garden", "shopping", "Party"])
      let first = try #require(moved.headers[JSONAnswer.entryHeader])
      #expect(try await client.send(.post, "/api/history/\(first)/undo").status == .ok)
      #expect(try harness.service.listSummaries().map(\.name) == ["shopping", "Party", "Garden"])
    }
  }

  @Test func refusalsSayWhyAndChangeNothing() async throws {
    let harness = try Self.seeded()
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
        (.patch, "/api/lists/party", #"{"name": "Shopping"}"#, .conflict, "already"),
        (.patch, "/api/lists/nowhere", #"{"name": "Else"}"#, .notFound, "nowhere"),
        (.patch, "/api/lists/party", #"{"name": "  "}"#, .unprocessableContent, "name"),
        (.patch, "/api/lists/party", #"{}"#, .badRequest, "new name"),
        (.patch, "/api/lists/party", #"{"name": 3}"#, .badRequest, "`name`"),
        (.patch, "/api/lists/party", #"{"position": 0}"#, .unprocessableContent, "position"),
        (.patch, "/api/lists/party", #"{"position": "first"}"#, .badRequest, "position"),
        (.patch, "/api/lists/party", #"{"name": "Shopping", "position": 1}"#, .conflict, "already"),
        (.delete, "/api/lists/nowhere", nil, .notFound, "nowhere"),
      ]
      for (method, path, body, status, words) in cases {
        let answer = try await client.send(method, path, json: body)
        #expect(answer.status == status, "\(method) \(path) \(body ?? ""): \(answer.body)")
        #expect(answer.body.contains(words), "\(answer.body)")
        #expect(answer.headers[JSONAnswer.entryHeader] == nil)
      }
    }
    #expect(try harness.snapshot() == before)
  }

  @Test func deletedItemsAreRememberedForSuggestions() async throws {
    let harness = try Self.seeded()
    try await harness.withClient { client in
      #expect(try await client.send(.delete, "/api/lists/party").status == .ok)
      let suggested = try await client.send(.get, "/api/suggestions?q=c&list=shopping")
      let names = (try suggested.json()["suggestions"] as? [[String: Any]])?.compactMap {
        $0["name"] as? String
      }
      #expect(Set(names ?? []) == ["Cups", "Crisps"])
    }
  }
}
