import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Synchronization
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
          "/api/suggestions", "/api/activity", "/api/aisles",
        ])
      #expect(try answer.json()["openapi"] as? String == "3.0.3")
    }
  }
}

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
      // A served path with a method it does not take.
      (.put, "/api/lists", "", 405),
      (.trace, "/api/lists", "", 405),
      (.delete, "/api/lists/shopping", "", 405),
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
    ("/api/lists", "GET, POST"), ("/api/lists/shopping", "GET"),
    ("/api/lists/shopping/items/MILK_ID", "DELETE, PATCH"), ("/api/events", "GET"),
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
    #expect(routes.routes.count == 14)
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

/// The token: on every /api route, as a bearer or a cookie, never in the clear afterwards.
@Suite struct AccessTests {
  static let routes: [(HTTPRequest.Method, String)] = [
    (.get, "/api/lists"), (.post, "/api/lists"), (.get, "/api/lists/shopping"),
    (.post, "/api/lists/shopping/items"),
    (.patch, "/api/lists/shopping/items/00000000-0000-0000-0000-000000000000"),
    (.delete, "/api/lists/shopping/items/00000000-0000-0000-0000-000000000000"),
    (.post, "/api/lists/shopping/clear"), (.post, "/api/lists/shopping/reset"),
    (.get, "/api/events"), (.get, "/api/anything"),
  ]

  @Test func everyAPIRouteIs401WithoutTheRightToken() async throws {
    // More wrong tokens than an address may try before it is held off (a test of its own).
    let harness = try Harness { $0.failedAuthenticationLimit = 1_000 }
    let before = try harness.snapshot()
    try await harness.withClient { client in
      for (method, path) in Self.routes {
        for headers: HTTPFields in [
          [:], [.authorization: "Bearer wrong"], [.authorization: "Basic \(Harness.token)"],
          [.authorization: "Bearer \(Harness.token)x"], [.cookie: "shoplist_session=wrong"],
        ] {
          let answer = try await client.send(
            method, path, json: #"{"name": "x"}"#, headers: headers)
          #expect(answer.status == .unauthorized, "\(method) \(path) \(headers)")
          #expect(answer.headers[.wwwAuthenticate] == "Bearer")
          #expect(try answer.json()["error"] is String)
        }
      }
    }
    #expect(try harness.snapshot() == before)
  }

  @Test func openingTheAddressSetsAStrictHttpOnlyCookieAndDropsTheToken() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let opened = try await client.send(.get, "/?token=\(Harness.token)", headers: [:])
      #expect(opened.status == .seeOther)
      #expect(opened.headers[.location] == "/")
      let cookie = try #require(opened.headers[.setCookie])
      #expect(cookie.contains("shoplist_session=\(Harness.token)"))
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Strict"))

      let withCookie = try await client.send(
        .get, "/api/lists", headers: [.cookie: "shoplist_session=\(Harness.token)"])
      #expect(withCookie.status == .ok)

      let wrong = try await client.send(.get, "/?token=wrong", headers: [:])
      #expect(wrong.status == .unauthorized)
      #expect(wrong.headers[.setCookie] == nil)
    }
  }

  @Test func thePageIsServedToAnyoneAndHoldsNoData() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Secret gift"], changes: .none), onList: nil)
    try await harness.withClient { client in
      for (path, type) in [
        ("/", "text/html; charset=utf-8"), ("/app.js", "text/javascript; charset=utf-8"),
        ("/model.js", "text/javascript; charset=utf-8"),
        ("/render.js", "text/javascript; charset=utf-8"), ("/app.css", "text/css; charset=utf-8"),
      ] {
        let answer = try await client.send(.get, path, headers: [:])
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == type)
        #expect(!answer.body.contains("Secret gift"))
      }
    }
  }

  @Test func tokensCompareInTimeThatDependsOnLengthOnly() {
    let check = TokenAuthMiddleware.constantTimeEquals
    #expect(check("abc", "abc"))
    #expect(!check("abd", "abc"))
    #expect(!check("", "abc"))
    #expect(!check("abcd", "abc"))
    #expect(!check("ab", "abc"))
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
