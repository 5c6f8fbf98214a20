import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingEngines
import ShoppingService
import Testing

@testable import ShoplistServer

/// `GET /api/lists/{name}`: the document carries the history entry it stands at as its
/// `ETag`; a read naming it again is answered 304; a document kept from an earlier read is
/// never answered once anyone — this server, another connection, another process — changed
/// the database.
@Suite struct ListReadTests {
  @Test func aReadCarriesTheEntryItStandsAtAndIsNotSentAgainWhileItStands() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk", "Eggs"], changes: .none), onList: "shopping")
    try await harness.withClient { client in
      let first = try await client.send(.get, "/api/lists/shopping")
      #expect(first.status == .ok)
      #expect(first.headers[.eTag] == #""1""#)
      #expect(first.headers[.cacheControl] == "no-store")

      for wanted in [#""1""#, #""0", "1""#, #"W/"1""#, "*", #" "7" ,"1" "#] {
        var headers = Harness.bearer
        headers[.ifNoneMatch] = wanted
        let again = try await client.send(.get, "/api/lists/shopping", headers: headers)
        #expect(again.status == .notModified, "\(wanted)")
        #expect(again.body.isEmpty)
        #expect(again.headers[.eTag] == #""1""#)
      }

      let id = try #require(
        (try first.json()["items"] as? [[String: Any]])?.first?["id"] as? String)
      let checked = try await client.send(
        .patch, "/api/lists/shopping/items/\(id)?return=item", json: #"{"checked": true}"#)
      #expect(checked.headers[JSONAnswer.entryHeader] == "2")

      for wanted in [#""1""#, #""11""#, #"1"#, ""] {
        var headers = Harness.bearer
        headers[.ifNoneMatch] = wanted
        let changed = try await client.send(.get, "/api/lists/shopping", headers: headers)
        #expect(changed.status == .ok, "\(wanted)")
        #expect(changed.headers[.eTag] == #""2""#)
        #expect(try changed.json()["items"] as? [[String: Any]] != nil)
      }
    }
  }

  @Test func aKeptDocumentIsNeverAnsweredAfterAnyoneChangedTheDatabase() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    // Another connection to the same file, as the command line is.
    let other = try ShoppingService(
      path: harness.folder.appendingPathComponent("shoplist.sqlite").path)
    try await harness.withClient { client in
      #expect(try await client.send(.get, "/api/lists/shopping").names() == ["Milk"])
      #expect(try await client.send(.get, "/api/lists/shopping").names() == ["Milk"])

      try other.perform(.add(names: ["Bread"], changes: .none), onList: "shopping")
      #expect(try await client.send(.get, "/api/lists/shopping").names() == ["Milk", "Bread"])

      // This server's own connection, outside any request.
      try harness.service.perform(.add(names: ["Eggs"], changes: .none), onList: "shopping")
      #expect(
        try await client.send(.get, "/api/lists/shopping").names() == ["Milk", "Bread", "Eggs"])

      // Through the API, and another list read in between.
      _ = try await client.send(.post, "/api/lists", json: #"{"name": "party"}"#)
      _ = try await client.send(.get, "/api/lists/party")
      _ = try await client.send(.post, "/api/lists/shopping/items", json: #"{"name": "Tea"}"#)
      #expect(
        try await client.send(.get, "/api/lists/SHOPPING").names()
          == ["Milk", "Bread", "Eggs", "Tea"])
      #expect(try await client.send(.get, "/api/lists/party").names() == [])

      // An undo is a change too, however little it touches.
      _ = try await client.send(.post, "/api/history/\(try harness.service.newestChange())/undo")
      #expect(
        try await client.send(.get, "/api/lists/shopping").names() == ["Milk", "Bread", "Eggs"])
    }
  }

  @Test func theCacheHandsOutADocumentOnlyUnderTheStampItWasReadAt() {
    let cache = ListDocumentCache(capacity: 2)
    let milk = ListDocumentCache.Document(body: ByteBuffer(string: "milk"), version: 4)
    cache.keep(milk, named: "shopping", at: 10)
    #expect(cache.document(named: "shopping", at: 10)?.version == 4)
    #expect(cache.document(named: "Shopping", at: 10) == nil)
    #expect(cache.document(named: "shopping", at: 11) == nil)
    #expect(cache.document(named: "shopping", at: 10) == nil, "let go once the stamp moved")

    cache.keep(milk, named: "a", at: 1)
    cache.keep(milk, named: "b", at: 1)
    cache.keep(milk, named: "c", at: 1)
    #expect(cache.document(named: "c", at: 1) != nil)
    #expect(cache.document(named: "a", at: 1) == nil, "over capacity: the others let go")
  }
}
