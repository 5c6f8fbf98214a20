import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShoplistTestSupport
import ShoppingEngines
import ShoppingService
import Synchronization
import Testing

@testable import ShoplistServer

/// Members of the household through the server: the invite link that signs a phone in once,
/// the cookie that keeps it signed in, their name on their changes, and their removal.
@Suite struct MemberTests {
  /// A member's cookie: what their phone sends with every request.
  static func cookie(_ secret: String) -> HTTPFields {
    [.cookie: "shoplist_session=\(secret)"]
  }

  /// What the page sends with a change: the cookie, and the browser's word that the request
  /// comes from the page's own origin.
  static func fromThePage(_ secret: String) -> HTTPFields {
    var headers = cookie(secret)
    headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
    return headers
  }

  /// What the join page's button sends: a POST from the page's own origin.
  static let pressed: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]

  /// Presses the join button of `code`'s page and returns the secret the device was given.
  static func join(_ client: any TestClientProtocol, code: String) async throws -> String {
    let answer = try await client.send(.post, "/join/\(code)", headers: pressed)
    #expect(answer.status == .seeOther, "\(answer.body)")
    let cookie = try #require(answer.headers[.setCookie])
    let match = try #require(cookie.firstMatch(of: /^shoplist_session=([A-Za-z0-9_-]+);/))
    return String(match.1)
  }

  @Test func openingAnInviteLinkShowsItsButtonAndSpendsNothing() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana <3")
    try await harness.withClient { client in
      for method in [HTTPRequest.Method.get, .head] {
        let page = try await client.send(method, "/join/\(invite.code)", headers: [:])
        #expect(page.status == .ok)
        #expect(page.headers[.setCookie] == nil)
        #expect(page.headers[.cacheControl] == "no-store")
        if method == .get {
          #expect(page.body.contains("<h1>Join the shopping list as Ana &lt;3</h1>"))
          #expect(page.body.contains(#"method="post" action="/join/\#(invite.code)""#))
          #expect(!page.body.contains("<script"))
        }
      }
    }
    #expect(try harness.service.members().first?.hasJoined == false)
  }

  @Test func theJoinButtonSetsTheMembersCookieForGoodAndGoesToThePage() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let answer = try await client.send(.post, "/join/\(invite.code)", headers: Self.pressed)
      #expect(answer.status == .seeOther)
      #expect(answer.headers[.location] == "/")
      #expect(answer.headers[.cacheControl] == "no-store")
      let cookie = try #require(answer.headers[.setCookie])
      let attributes = Set(
        cookie.split(separator: ";").dropFirst().map {
          $0.trimmingCharacters(in: .whitespaces)
        })
      #expect(attributes == ["Max-Age=34560000", "Path=/", "HttpOnly", "SameSite=Strict"])
      #expect(!cookie.contains(invite.code))
    }
    #expect(try harness.service.members().first?.hasJoined == true)
  }

  @Test func aSecondOpeningOfTheLinkIsToldInWordsThatItWasUsed() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana <3")
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      let again = try await client.send(.get, "/join/\(invite.code)", headers: [:])
      #expect(again.status == .gone)
      #expect(again.headers[.contentType] == "text/html; charset=utf-8")
      #expect(again.headers[.setCookie] == nil)
      #expect(again.body.contains("<h1>This invite was already used</h1>"))
      #expect(again.body.contains("Ana &lt;3") && !again.body.contains("Ana <3"))
      #expect(
        again.body.contains("ask whoever runs your shopping list for a new invite".dropFirst()))
      #expect(!again.body.contains("<script"))
      // The phone that joined, opening its link again, is already in.
      let same = try await client.send(.get, "/join/\(invite.code)", headers: Self.cookie(secret))
      #expect(same.status == .seeOther && same.headers[.location] == "/")
      #expect(same.headers[.setCookie] == nil)
    }
  }

  @Test(arguments: ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-code", "AAAAAAAAAAAAAAAAAAAAAA%00"])
  func aLinkNoInviteHasIsAPageNotJSON(code: String) async throws {
    let harness = try Harness()
    _ = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let answer = try await client.send(.get, "/join/\(code)", headers: [:])
      #expect(answer.status == .notFound)
      #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
      #expect(answer.body.contains("<h1>This invite link is not valid</h1>"))
    }
    #expect(try harness.service.members().allSatisfy { !$0.hasJoined })
  }

  @Test func guessingCodesIsHeldOffAndASignedInMemberStillWorks() async throws {
    let harness = try Harness { $0.failedAuthenticationLimit = 3 }
    let invite = try harness.service.invite(named: "Ana")
    let ben = try harness.service.invite(named: "Ben")
    try await harness.withClient { client in
      // Ben joined before the guessing began.
      let bensSecret = try await Self.join(client, code: ben.code)
      for _ in 0..<3 {
        let wrong = try await client.send(.get, "/join/BBBBBBBBBBBBBBBBBBBBBB", headers: [:])
        #expect(wrong.status == .notFound)
      }
      let held = try await client.send(.get, "/join/BBBBBBBBBBBBBBBBBBBBBB", headers: [:])
      #expect(held.status == .tooManyRequests)
      #expect(held.headers[.retryAfter] == "60")
      #expect(held.body.contains("Try again in a minute"))
      let api = try await client.send(.get, "/api/lists", headers: [:])
      #expect(api.status == .tooManyRequests)
      // While held off, no code it sends is looked up, a real one neither: it stays unspent.
      let real = try await client.send(.post, "/join/\(invite.code)", headers: Self.pressed)
      #expect(real.status == .tooManyRequests)
      #expect(real.headers[.setCookie] == nil)
      #expect(try harness.service.members().first { $0.name == "Ana" }?.hasJoined == false)
      // A member signed in before is still let in.
      let lists = try await client.send(.get, "/api/lists", headers: Self.cookie(bensSecret))
      #expect(lists.status == .ok)
    }
  }

  @Test func aMembersCookieOpensTheAPIAndSaysWhoIsSignedIn() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      let lists = try await client.send(.get, "/api/lists", headers: Self.cookie(secret))
      #expect(lists.status == .ok)
      let me = try await client.send(.get, "/api/me", headers: Self.cookie(secret))
      #expect(me.body == #"{"member": "Ana"}"#)
      let household = try await client.send(.get, "/api/me")
      #expect(household.body == #"{"member": null}"#)
      // The secret is a cookie's, not a bearer token.
      let bearer = try await client.send(
        .get, "/api/lists", headers: [.authorization: "Bearer \(secret)"])
      #expect(bearer.status == .unauthorized)
    }
  }

  @Test func aMembersChangesCarryTheirName() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    let milk = try #require(
      try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: nil)
        .list.products.first?.id)
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      let page = Self.fromThePage(secret)
      let steps: [(HTTPRequest.Method, String, String?)] = [
        (.patch, "/api/lists/shopping/items/\(milk)", #"{"checked": true}"#),
        (.post, "/api/lists/shopping/items", #"{"name": "Tea"}"#),
        (.post, "/api/lists/shopping/clear", nil),
        (.post, "/api/lists", #"{"name": "Hardware"}"#),
      ]
      for (method, path, body) in steps {
        var headers = page
        // As a browser sends a POST without a body.
        if body == nil { headers[.contentLength] = "0" }
        let answer = try await client.send(method, path, json: body, headers: headers)
        #expect(answer.status.code < 300, "\(method) \(path): \(answer.body)")
      }
      let token = try await client.send(
        .post, "/api/lists/shopping/items", json: #"{"name": "Jam"}"#)
      #expect(token.status == .ok)
    }
    let history = try harness.service.history()
    #expect(
      history.map(\.command) == [
        "web: add Jam", "web (Ana): new list Hardware", "web (Ana): clear", "web (Ana): add Tea",
        "web (Ana): check Milk", "add Milk",
      ])
    #expect(history.map(\.by) == [nil, "Ana", "Ana", "Ana", "Ana", nil])
  }

  @Test func aChangeWithAMembersCookieMustComeFromThePage() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      let before = try harness.snapshot()
      var elsewhere = Self.cookie(secret)
      elsewhere[.origin] = "http://127.0.0.1:9"
      for headers in [Self.cookie(secret), elsewhere] {
        let answer = try await client.send(
          .post, "/api/lists/shopping/items", json: #"{"name": "Forged"}"#, headers: headers)
        #expect(answer.status == .forbidden)
      }
      var form = Self.fromThePage(secret)
      form[.contentType] = "text/plain"
      let plain = try await client.execute(
        uri: "/api/lists/shopping/items", method: .post, headers: form,
        body: ByteBuffer(string: #"{"name": "Forged"}"#)
      ) { $0.status }
      #expect(plain == .forbidden)
      #expect(try harness.snapshot() == before)
    }
  }

  @Test func aRemovedMembersNextRequestIs401AndCountsAsAWrongCookie() async throws {
    let harness = try Harness { $0.failedAuthenticationLimit = 2 }
    let invite = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      #expect(try await client.send(.get, "/api/lists", headers: Self.cookie(secret)).status == .ok)
      try harness.service.removeMember(named: "Ana")
      for _ in 0..<2 {
        let answer = try await client.send(.get, "/api/lists", headers: Self.cookie(secret))
        #expect(answer.status == .unauthorized)
      }
      let held = try await client.send(.get, "/api/lists", headers: Self.cookie(secret))
      #expect(held.status == .tooManyRequests)
    }
  }

  @Test func theCookieOutlivesANewToken() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    let secret = Mutex("")
    try await harness.withClient { client in
      let joined = try await Self.join(client, code: invite.code)
      secret.withLock { $0 = joined }
    }
    let restarted = ShoplistServer(
      service: harness.service,
      configuration: {
        var configuration = harness.configuration
        configuration.token = "another-token-0123456789"
        return configuration
      }())
    let feed = ServerThreads.feed(harness, interval: .milliseconds(20))
    let connections = OpenConnections(limit: 100)
    let kept = secret.withLock { $0 }
    let application = restarted.application(feed: feed, connections: connections)
    try await ServerThreads.serve { ended in
      try await application.test(.live) { client in
        defer { ended() }
        let old = try await client.send(.get, "/api/lists")
        #expect(old.status == .unauthorized)
        let member = try await client.send(.get, "/api/me", headers: Self.cookie(kept))
        #expect(member.body == #"{"member": "Ana"}"#)
      }
    }
    feed.finish()
  }

  @Test func lastSeenMovesWhenTheMemberUsesThePage() async throws {
    let harness = try Harness()
    let invite = try harness.service.invite(named: "Ana")
    try await harness.withClient { client in
      let secret = try await Self.join(client, code: invite.code)
      let joined = try #require(try harness.service.members().first?.lastSeenAt)
      #expect(try await client.send(.get, "/api/lists", headers: Self.cookie(secret)).status == .ok)
      // Within the minute: not written again.
      #expect(try harness.service.members().first?.lastSeenAt == joined)
    }
  }

  /// A member's open event stream ends when they are removed, here or by another process
  /// (another connection to the file, as the command line has); other streams go on.
  @Test(arguments: [false, true])
  func aRemovedMembersEventStreamEndsAtOnce(byAnotherProcess: Bool) async throws {
    let harness = try Harness()
    let ana = try harness.service.invite(named: "Ana")
    let ben = try harness.service.invite(named: "Ben")
    try await harness.withClient { client in
      let port = try #require(client.port)
      let anaSecret = try await Self.join(client, code: ana.code)
      let benSecret = try await Self.join(client, code: ben.code)
      let path = harness.folder.appendingPathComponent("shoplist.sqlite").path
      let service = harness.service
      try await offTheCooperativePool {
        func open(_ secret: String) throws -> RawConnection {
          let stream = try #require(RawConnection(port: port))
          stream.send(
            "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
              + "Cookie: shoplist_session=\(secret)\r\n\r\n")
          #expect(stream.receive(for: 10) { $0.contains(": connected") }.text.contains("200 OK"))
          return stream
        }
        let anaStream = try open(anaSecret)
        let benStream = try open(benSecret)
        if byAnotherProcess {
          try ShoppingService(path: path).removeMember(named: "Ana")
        } else {
          try service.removeMember(named: "Ana")
        }
        // The chunked body's end, then nothing more. (How soon, the end-to-end test measures
        // on a real server; in process, under the whole suite, the wait can be longer.)
        let ended = anaStream.receive(for: 10) { $0.hasSuffix("0\r\n\r\n") }
        #expect(ended.text.hasSuffix("0\r\n\r\n") || ended.closed, "\(ended.text)")
        try service.perform(.add(names: ["Tea"], changes: .none), onList: nil)
        let still = benStream.receive(for: 10) { $0.contains("event: change") }
        #expect(still.text.contains(#"data: {"list": "shopping"}"#))
      }
    }
  }

}
