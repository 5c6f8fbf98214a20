import Foundation
import Hummingbird
import HummingbirdTesting
import ShoppingCore
import ShoppingService
import Testing

@testable import ShoplistServer

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
      // The household's session, made from the token: never the token itself.
      let session = ShoppingService.householdSession(forToken: Harness.token)
      #expect(cookie.contains("shoplist_session=\(session);"))
      #expect(!cookie.contains(Harness.token))
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Strict"))

      let withCookie = try await client.send(
        .get, "/api/lists", headers: [.cookie: "shoplist_session=\(session)"])
      #expect(withCookie.status == .ok)
      // A cookie that holds the token, as cookies set before did, still signs in.
      let withOldCookie = try await client.send(
        .get, "/api/lists", headers: [.cookie: "shoplist_session=\(Harness.token)"])
      #expect(withOldCookie.status == .ok)

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
