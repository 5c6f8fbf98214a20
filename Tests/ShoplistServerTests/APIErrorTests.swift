import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingEngines
import ShoppingService
import Synchronization
import Testing

@testable import ShoplistServer

/// Every error code of the contract, and nothing changed by a failed request.
@Suite struct APIErrorTests {
  /// A list with Milk; each case is a request that must fail with its status and leave the
  /// database as it was.
  @Test(
    arguments: [
      (HTTPRequest.Method.post, "/api/lists", "{", 400),
      (.post, "/api/lists", #"{"name": 5}"#, 400),
      (.post, "/api/lists", #"{}"#, 400),
      (.post, "/api/lists", #"{"name": "  "}"#, 422),
      (.post, "/api/lists", #"{"name": "shopping"}"#, 409),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "quantity": -1}"#, 422),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "quantity": "lots"}"#, 422),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs\u0007"}"#, 422),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "unit": "\u202Ekg"}"#, 422),
      (.post, "/api/lists/shopping/items", #"["Eggs"]"#, 400),
      (.post, "/api/lists/nowhere/items", #"{"name": "Eggs"}"#, 404),
      (.patch, "/api/lists/shopping/items/not-a-uuid", #"{"checked": true}"#, 404),
      (
        .patch, "/api/lists/shopping/items/00000000-0000-0000-0000-000000000000",
        #"{"checked": true}"#, 404
      ),
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"checked": "yes"}"#, 400),
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"name": "Bread"}"#, 409),
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"name": ""}"#, 422),
      (.patch, "/api/lists/nowhere/items/MILK_ID", #"{"checked": true}"#, 404),
      (.delete, "/api/lists/nowhere/items/MILK_ID", "", 404),
      (.post, "/api/lists/nowhere/clear", "", 404),
      (.post, "/api/lists/nowhere/reset", "", 404),
      (.get, "/api/nothing", "", 404),
      // A field that cannot be cleared is not null.
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"quantity": null}"#, 400),
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"checked": null}"#, 400),
      (.patch, "/api/lists/shopping/items/MILK_ID", #"{"name": null}"#, 400),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "quantity": null}"#, 400),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "quantity": 0}"#, 422),
      (.post, "/api/lists/shopping/items", #"{"name": "Eggs", "quantity": "0,00"}"#, 422),
      (.patch, "/api/lists/shopping", #"{"name": "Other", "position": 1.5}"#, 400),
      (.patch, "/api/lists/shopping", #"{"name": "Other", "position": 0}"#, 422),
      (.patch, "/api/lists/shopping", #"{"name": ""}"#, 422),
      (.delete, "/api/lists/nowhere", "", 404),
      // A served path with a method it does not take.
      (.put, "/api/lists", "", 405),
      (.trace, "/api/lists", "", 405),
      (.put, "/api/lists/shopping", #"{"name": "Other"}"#, 405),
      (.get, "/api/lists/shopping/clear", "", 405),
      (.put, "/api/lists/shopping/items/MILK_ID", #"{"checked": true}"#, 405),
    ] as [(HTTPRequest.Method, String, String, Int)])
  func aBadRequestFailsWithItsCodeAndChangesNothing(
    method: HTTPRequest.Method, path: String, body: String, status: Int
  ) async throws {
    let harness = try Harness()
    let outcome = try harness.service.perform(
      .add(names: ["Milk", "Bread"], changes: .none), onList: nil)
    let milk = try #require(outcome.list.products.first?.id)
    let before = try harness.snapshot()
    try await harness.withClient { client in
      let answer = try await client.send(
        method, path.replacingOccurrences(of: "MILK_ID", with: milk.uuidString),
        json: body.isEmpty ? nil : body)
      #expect(answer.status.code == status, "\(answer.body)")
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      #expect(try answer.json()["error"] is String, "\(answer.body)")
    }
    #expect(try harness.snapshot() == before)
  }

  @Test(arguments: [
    ("/api/lists", "GET, HEAD, POST"), ("/api/lists/shopping", "DELETE, GET, HEAD, PATCH"),
    ("/api/lists/shopping/items/MILK_ID", "DELETE, PATCH"), ("/api/events", "GET, HEAD"),
  ])
  func aMethodNotServedIs405WithTheMethodsThatAre(path: String, allowed: String) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(.trace, path)
      #expect(answer.status == .methodNotAllowed)
      #expect(answer.headers[.allow] == allowed)
      let unauthorized = try await client.send(.trace, path, headers: [:])
      #expect(unauthorized.status == .unauthorized)
    }
  }

  @Test func everyOperationTheDocumentDescribesIsRouted() async throws {
    let harness = try Harness()
    let outcome = try harness.service.perform(
      .add(names: ["Milk"], changes: .none), onList: nil)
    let milk = try #require(outcome.list.products.first?.id)
    let routes = DocumentedRoutes(openAPI: PackageResources.openapi_json)
    #expect(routes.routes.count == 17)
    try await harness.withClient { client in
      for route in routes.routes {
        let path =
          "/"
          + route.segments.enumerated().map { index, segment in
            segment ?? (index == 2 ? "shopping" : milk.uuidString)
          }.joined(separator: "/")
        for method in route.methods where path != "/api/events" {
          let answer = try await client.send(method, path, json: #"{"name": "Tea"}"#)
          // Answered by its route: not the router's "not found", nor 405.
          #expect(answer.status != .methodNotAllowed, "\(method) \(path)")
          #expect(answer.body != #"{"error": "not found"}"#, "\(method) \(path)")
        }
      }
    }
  }

  @Test func aDatabaseBusyPastTheWaitIs503AndChangesNothing() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: nil)
    let before = try harness.snapshot()
    // Another program holds the write lock, for longer than the server waits (300 ms), until
    // the request has been answered.
    let other = try ShoppingService(
      path: harness.folder.appendingPathComponent("shoplist.sqlite").path)
    let lock = LockHolder()
    let holding = Thread {
      try? other.storage.write { _ in
        lock.set(\.isHeld, true)
        while !lock.get(\.mayRelease) { Thread.sleep(forTimeInterval: 0.01) }
      }
      lock.set(\.isReleased, true)
    }
    holding.start()
    while !lock.get(\.isHeld) { try await Task.sleep(for: .milliseconds(10)) }
    try await harness.withClient { client in
      let answer = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"name": "Eggs"}"#)
      #expect(answer.status == .serviceUnavailable)
      #expect(try answer.json()["error"] as? String != nil)
    }
    lock.set(\.mayRelease, true)
    while !lock.get(\.isReleased) { try await Task.sleep(for: .milliseconds(10)) }
    #expect(try harness.snapshot() == before)
  }

  @Test func aBodyOverOneMebibyteIs413() async throws {
    let harness = try Harness()
    let before = try harness.snapshot()
    let name = String(repeating: "a", count: 1 << 20)
    try await harness.withClient { client in
      let answer = try await client.send(.post, "/api/lists", json: #"{"name": "\#(name)"}"#)
      #expect(answer.status == .contentTooLarge)
      #expect(answer.body == #"{"error": "the request body is over 1 MiB"}"#)
    }
    #expect(try harness.snapshot() == before)
  }
}

/// The flags between a test and a thread holding the database's write lock.
final class LockHolder: Sendable {
  struct Flags {
    var isHeld = false
    var mayRelease = false
    var isReleased = false
  }

  private let flags = Mutex(Flags())

  func set(_ flag: WritableKeyPath<Flags, Bool>, _ value: Bool) {
    flags.withLock { $0[keyPath: flag] = value }
  }

  func get(_ flag: KeyPath<Flags, Bool>) -> Bool {
    flags.withLock { $0[keyPath: flag] }
  }
}
