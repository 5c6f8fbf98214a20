import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

/// `GET /api/history`, `POST /api/history/{id}/undo` and `POST /api/redo`: the command line's
/// `history --json`, `undo ID` and `redo`, over a real database.
@Suite struct HistoryAPITests {
  /// Adds Milk and Bread through the library (entry 1), and checks each through the API
  /// (entries 2 and 3); returns the ids of Milk and Bread.
  private static func checkBoth(
    _ harness: Harness, _ client: any TestClientProtocol
  ) async throws -> (milk: UUID, bread: UUID) {
    let products = try harness.service.perform(
      .add(names: ["Milk", "Bread"], changes: .none), onList: "shopping"
    ).list.products
    let milk = try #require(products.first?.id)
    let bread = try #require(products.last?.id)
    for id in [milk, bread] {
      let answer = try await client.send(
        .patch, "/api/lists/shopping/items/\(id)", json: #"{"checked": true}"#)
      #expect(answer.status == .ok)
    }
    return (milk, bread)
  }

  /// The checked state of each item of a list document, by name.
  private static func checks(_ document: [String: Any]) -> [String: Bool] {
    var checks: [String: Bool] = [:]
    for item in document["items"] as? [[String: Any]] ?? [] {
      if let name = item["name"] as? String { checks[name] = item["checked"] as? Bool }
    }
    return checks
  }

  @Test func historyIsTheDocumentOfHistoryJSON() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      _ = try await Self.checkBoth(harness, client)
      let answer = try await client.send(.get, "/api/history?limit=2")
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      let entries = try #require(try answer.json()["history"] as? [[String: Any]])
      #expect(entries.map { $0["id"] as? Int } == [3, 2])
      #expect(entries.map { $0["command"] as? String } == ["web: check Bread", "web: check Milk"])
      #expect(entries.allSatisfy { $0["by"] is NSNull && $0["undone"] as? Bool == false })
      #expect(entries.allSatisfy { ($0["at"] as? String)?.hasSuffix("Z") == true })
      #expect(answer.body.hasPrefix(#"{"history": [{"id": 3, "at": ""#))

      let all = try await client.send(.get, "/api/history")
      #expect((try all.json()["history"] as? [Any])?.count == 3)
    }
  }

  @Test(arguments: ["limit=0", "limit=-1", "limit=two", "limit=", "limit=1&limit=2"])
  func aLimitThatIsNotANumberFromOneIs400(query: String) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/api/history?\(query)")
      #expect(answer.status == .badRequest)
      #expect(answer.body.hasPrefix(#"{"error": "limit "#), "\(answer.body)")
    }
  }

  @Test func undoTakesBackExactlyThatEntryAndRedoReappliesIt() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      _ = try await Self.checkBoth(harness, client)
      let undo = try await client.send(.post, "/api/history/2/undo")
      #expect(undo.status == .ok, "\(undo.body)")
      let undone = try undo.json()
      let entry = try #require(undone["undone"] as? [String: Any])
      #expect(entry["id"] as? Int == 2)
      #expect(entry["command"] as? String == "web: check Milk")
      #expect(entry["undone"] as? Bool == true)
      #expect(undone["entry"] as? Int == 4)
      let lists = try #require(undone["lists"] as? [[String: Any]])
      #expect(lists.map { $0["list"] as? String } == ["shopping"])
      #expect(Self.checks(lists[0]) == ["Milk": false, "Bread": true])

      let redo = try await client.send(.post, "/api/redo")
      #expect(redo.status == .ok, "\(redo.body)")
      let redone = try redo.json()
      #expect((redone["redone"] as? [String: Any])?["id"] as? Int == 2)
      #expect((redone["redone"] as? [String: Any])?["undone"] as? Bool == false)
      #expect(redone["entry"] as? Int == 5)
      let after = try #require((redone["lists"] as? [[String: Any]])?.first)
      #expect(Self.checks(after) == ["Milk": true, "Bread": true])

      let nothing = try await client.send(.post, "/api/redo")
      #expect(nothing.status == .conflict)
      #expect(nothing.body == #"{"error": "nothing to redo"}"#)
    }
    let history = try harness.service.history(limit: 2)
    #expect(history.map(\.command) == ["web: redo", "web: undo 2"])
    #expect(history.map(\.by) == [nil, nil])
  }

  @Test func anUndoThatALaterChangeStandsInTheWayOfIs409InTheCommandLinesWords() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let (milk, _) = try await Self.checkBoth(harness, client)
      let edit = try await client.send(
        .patch, "/api/lists/shopping/items/\(milk)", json: #"{"note": "oat"}"#)
      #expect(edit.status == .ok)
      let before = try harness.snapshot()

      let blocked = try await client.send(.post, "/api/history/2/undo")
      #expect(blocked.status == .conflict)
      #expect(
        blocked.body
          == #"{"error": "Not undone: someone on another phone changed the same items since, "#
          + #"and undoing it would overwrite that."}"#)
      #expect(try harness.snapshot() == before)

      // Undone already: said as `undo` says it.
      #expect(try await client.send(.post, "/api/history/4/undo").status == .ok)
      let twice = try await client.send(.post, "/api/history/4/undo")
      #expect(twice.status == .conflict)
      #expect(twice.body == #"{"error": "That change is undone already."}"#)
    }
  }

  @Test(arguments: ["99", "0", "-1", "abc", "99999999999999999999"])
  func anEntryTheHistoryDoesNotHaveIs404(id: String) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      _ = try await Self.checkBoth(harness, client)
      let before = try harness.snapshot()
      let answer = try await client.send(.post, "/api/history/\(id)/undo")
      #expect(answer.status == .notFound)
      #expect(answer.body.hasPrefix(#"{"error": "no history entry "#), "\(answer.body)")
      #expect(try harness.snapshot() == before)
    }
  }

  @Test func historyUndoAndRedoNeedTheToken() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    try await harness.withClient { client in
      let before = try harness.snapshot()
      for (method, path) in [
        (HTTPRequest.Method.get, "/api/history"), (.post, "/api/history/1/undo"),
        (.post, "/api/redo"),
      ] {
        let answer = try await client.send(method, path, headers: [:])
        #expect(answer.status == .unauthorized, "\(method) \(path)")
        #expect(answer.body.hasPrefix(#"{"error": "#))
      }
      #expect(try harness.snapshot() == before)
    }
  }

  @Test func aMembersUndoIsLabelledWithTheirName() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    try await harness.withClient { client in
      let secret = try await MemberTests.join(client, code: invite.code)
      var page = MemberTests.fromThePage(secret)
      page[.contentLength] = "0"
      #expect(try await client.send(.post, "/api/history/1/undo", headers: page).status == .ok)
      #expect(try await client.send(.post, "/api/redo", headers: page).status == .ok)
      let answer = try await client.send(.get, "/api/history?limit=2", headers: page)
      let entries = try #require(try answer.json()["history"] as? [[String: Any]])
      #expect(entries.map { $0["command"] as? String } == ["web (Ana): redo", "web (Ana): undo 1"])
      #expect(entries.map { $0["by"] as? String } == ["Ana", "Ana"])
    }
  }
}
