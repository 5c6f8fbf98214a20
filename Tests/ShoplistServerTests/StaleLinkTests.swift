import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ShoplistServer

/// A link with a wrong or stale token: a browser is shown a page that says so in words and
/// how to get a new link; every other client gets the API's JSON error, as before.
@Suite struct StaleLinkTests {
  /// What Chromium and Firefox send when they open a page.
  static let browser: HTTPFields = [
    .accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
  ]

  @Test func aBrowserOpeningAWrongLinkGetsAPageThatSaysWhatToDo() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(
        .get, "/?token=stale-0123456789abcdef", headers: Self.browser)
      #expect(answer.status == .unauthorized)
      #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
      #expect(answer.headers[.cacheControl] == "no-store")
      #expect(answer.headers[.setCookie] == nil)
      #expect(answer.headers[.wwwAuthenticate] == "Bearer")
      #expect(answer.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
      #expect(answer.body.contains("<h1>This link no longer works</h1>"))
      let advice = try #require(Self.advice(in: answer.body))
      #expect(advice.hasPrefix("Ask whoever runs the shopping list for a fresh link"))
      #expect(Self.advice(in: Self.listPage) == advice, "the list page's words when signed out")
      #expect(!answer.body.contains("held-off"))
      #expect(!answer.body.contains(#"{"error""#))
    }
  }

  @Test(arguments: [nil, "application/json", "*/*", "text/html;q=0", "text/plain"])
  func otherClientsGetTheJSONErrorAsBefore(accept: String?) async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let headers: HTTPFields = accept.map { [.accept: $0] } ?? [:]
      let answer = try await client.send(.get, "/?token=wrong", headers: headers)
      #expect(answer.status == .unauthorized)
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      #expect(answer.body == #"{"error": "\#(APIError.unauthorized.message)"}"#)
      #expect(answer.body.contains("missing or wrong token"))
    }
  }

  @Test func theAPIAnswersJSONEvenToABrowser() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/api/lists", headers: Self.browser)
      #expect(answer.status == .unauthorized)
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
    }
  }

  @Test func aHeldOffAddressIsToldInWordsAndNoLinkOfItsIsCompared() async throws {
    let harness = try Harness { $0.failedAuthenticationLimit = 2 }
    try await harness.withClient { client in
      for _ in 0..<2 {
        let wrong = try await client.send(.get, "/?token=guess", headers: Self.browser)
        #expect(wrong.status == .unauthorized)
      }
      let heldOff = try await client.send(.get, "/?token=guess", headers: Self.browser)
      #expect(heldOff.status == .tooManyRequests)
      #expect(heldOff.headers[.contentType] == "text/html; charset=utf-8")
      #expect(heldOff.headers[.retryAfter] == "60")
      #expect(heldOff.body.contains("<h1>This link no longer works</h1>"))
      #expect(heldOff.body.contains("Too many wrong links were opened from this network"))
      #expect(!heldOff.body.contains("<!--"), "a slot of the template left unfilled")

      // Not even the right link is compared while the address is held off.
      let right = try await client.send(.get, "/?token=\(Harness.token)", headers: Self.browser)
      #expect(right.status == .tooManyRequests)
      #expect(right.headers[.setCookie] == nil)
    }
  }

  @Test(arguments: [
    ("text/html", true), ("TEXT/HTML; charset=utf-8", true),
    ("text/plain, text/html;q=0.5", true),
    ("text/html;q=0", false), ("text/html; q=0.0", false), ("*/*", false), ("", false),
    ("application/xhtml+xml", false),
  ])
  func browsersAreThoseAskingForHTML(accept: String, isBrowser: Bool) {
    #expect(StaleLinkPageMiddleware<ServerRequestContext>.acceptsHTML(accept) == isBrowser)
  }

  // MARK: - Helpers

  static var listPage: String { String(decoding: AppShell.embedded.index.bytes, as: UTF8.self) }

  /// The words of the element `data-testid="sign-in-advice"`, spaces as a browser shows them.
  static func advice(in page: String) -> String? {
    guard let match = page.firstMatch(of: /data-testid="sign-in-advice">([^<]+)</) else {
      return nil
    }
    return match.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
