import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A member of the household against a live `shoplist serve` on loopback, through curl: the
/// invite link signs a phone in for good, once; the member's changes carry their name;
/// `shoplist members remove`, run in another process, ends their access and their open event
/// streams at once; and the database holds no secret in clear.
@Suite(.offThePool, .sqlitePass) struct MemberServeTests {
  static let token = "the-first-token-of-the-household"

  @Test func theInviteLinkSignsInOnceWithACookieForGoodAndThenIsUsed() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist, ["--token", Self.token])
    let invite = try shoplist.invite("Ana", url: server.base)

    let joined = try server.endpoint.join(invite.code)
    #expect(joined.status == 303 && joined.header("location") == "/", "\(joined)")
    let cookie = try #require(joined.header("set-cookie"))
    let attributes = Set(
      cookie.split(separator: ";").dropFirst().map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      })
    #expect(
      attributes == ["max-age=34560000", "path=/", "httponly", "samesite=strict"],
      "plain HTTP, so not Secure: \(cookie)")
    let secret = try #require(joined.secret)
    #expect(secret.count >= 22 && secret != Self.token && !secret.contains(invite.code))
    #expect(
      try server.endpoint.request("GET", "/api/me", member: secret).body
        == #"{"member": "Ana"}"#)
    #expect(try server.endpoint.request("GET", "/api/me").body == #"{"member": null}"#)

    // The phone that joined, opening its link again, simply goes on to the list.
    let reopened = try server.endpoint.open("/join/\(invite.code)", cookie: secret)
    #expect(reopened.status == 303 && reopened.secret == nil, "\(reopened)")

    // Any other browser is told in words that the invite was used.
    let second = try server.endpoint.open("/join/\(invite.code)")
    #expect(second.status == 410 && second.secret == nil, "\(second)")
    #expect(second.header("content-type") == "text/html; charset=utf-8")
    #expect(second.body.contains("This invite was already used"))
    #expect(second.body.contains("Ask whoever runs your shopping list for a new invite"))
    #expect(!second.body.contains(#""error""#))

    let members = try shoplist.members()
    #expect(members["Ana"]?["joinedAt"] is String && members["Ana"]?["lastSeenAt"] is String)
    #expect(try shoplist.ok("members").stdout.split(separator: "\n")[1].hasPrefix("Ana   20"))
    #expect(server.stop().status == 0)
  }

  @Test func overHTTPSTheMembersCookieIsSecure() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)
    let trusted = ["--cacert", certificates.authority]
    let invite = try shoplist.invite("Ana", url: server.base)
    #expect(invite.link.hasPrefix("https://127.0.0.1:"))

    let joined = try server.endpoint.join(invite.code, curlOptions: trusted)
    let cookie = try #require(joined.header("set-cookie"), "\(joined)")
    #expect(cookie.contains("; Secure") && cookie.contains("Max-Age=34560000"), "\(cookie)")
    let secret = try #require(joined.secret)
    let me = try server.endpoint.request(
      "GET", "/api/me", authorized: false,
      curlOptions: trusted + ["-H", "Cookie: shoplist_session=\(secret)"])
    #expect(me.status == 200 && me.body == #"{"member": "Ana"}"#, "\(me)")
    #expect(server.stop().status == 0)
  }

  @Test func behindAnHTTPSProxyTheCookieIsSecureForThePublicAddressOnly() throws {
    let shoplist = try Shoplist()
    let port = try ExposureTests.freePort()
    let server = try ServingShoplist(
      shoplist, ["--port", String(port), "--url", "https://list.example.org"])
    let local = Endpoint(shoplist: shoplist, base: "http://127.0.0.1:\(port)", token: "")
    let ana = try shoplist.invite("Ana", url: "https://list.example.org")
    let ben = try shoplist.invite("Ben", url: local.base)
    // The proxy passes the public host on, over plain HTTP.
    let proxied = try local.join(
      ana.code, origin: "https://list.example.org", curlOptions: ["-H", "Host: list.example.org"])
    let cookie = try #require(proxied.header("set-cookie"), "\(proxied)")
    #expect(cookie.contains("; Secure"), "\(cookie)")
    let direct = try local.join(ben.code)
    let plain = try #require(direct.header("set-cookie"), "\(direct)")
    #expect(!plain.contains("Secure"), "\(plain)")
    #expect(server.stop().status == 0)
  }

  @Test func aLinkNoInviteHasIsAPageInWordsAndGuessingIsHeldOff() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let wrong = try server.endpoint.open("/join/AAAAAAAAAAAAAAAAAAAAAA")
    #expect(wrong.status == 404 && wrong.body.contains("This invite link is not valid"))
    var last = wrong
    for _ in 0..<25 { last = try server.endpoint.open("/join/not-a-code") }
    #expect(last.status == 429 && last.body.contains("Too many wrong links"), "\(last)")
    // Wrong member cookies count against the address as wrong tokens do.
    #expect(
      try server.endpoint.request("GET", "/api/lists", member: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
        .status == 429)
    #expect(server.stop().status == 0)
  }

  @Test func theCookieOutlivesARestartWithAnotherToken() throws {
    let shoplist = try Shoplist()
    var server = try ServingShoplist(shoplist, ["--token", Self.token])
    let invite = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(invite.code).secret)
    #expect(server.stop().status == 0)

    server = try ServingShoplist(shoplist, ["--token", "a-second-token-after-a-leak"])
    #expect(server.token == "a-second-token-after-a-leak")
    #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 200)
    #expect(
      try server.endpoint.request(
        "POST", "/api/lists/shopping/items", json: #"{"name": "Tea"}"#,
        member: secret
      ).status == 200)
    #expect(try shoplist.names() == ["Tea"])
    // The old token is gone; the member's secret is not a token either.
    let old = try server.endpoint.request(
      "GET", "/api/lists", authorized: false,
      curlOptions: ["-H", "Authorization: Bearer \(Self.token)"])
    #expect(old.status == 401)
    let asBearer = try server.endpoint.request(
      "GET", "/api/lists", authorized: false,
      curlOptions: ["-H", "Authorization: Bearer \(secret)"])
    #expect(asBearer.status == 401)
    #expect(server.stop().status == 0)
  }

  @Test func aMembersChangesCarryTheirNameInHistoryAndTheAPI() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(invite.code).secret)
    let milk = try ExposureTests.itemID(shoplist, "Milk")

    let check = try server.endpoint.request(
      "PATCH", "/api/lists/shopping/items/\(milk)", json: #"{"checked": true}"#, member: secret)
    #expect(check.status == 200, "\(check)")
    let add = try server.endpoint.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Tea"}"#, member: secret)
    #expect(add.status == 200, "\(add)")
    #expect(
      try server.request("POST", "/api/lists/shopping/items", json: #"{"name": "Jam"}"#).status
        == 200)
    #expect(
      try server.endpoint.request("GET", "/api/me", member: secret).body == #"{"member": "Ana"}"#)

    let entries = try shoplist.run("history", "--json").json()["history"] as? [[String: Any]]
    let labels = (entries ?? []).map { ($0["command"] as? String ?? "", $0["by"]) }
    #expect(
      labels.map(\.0) == [
        "web: add Jam", "web (Ana): add Tea", "web (Ana): check Milk",
        "add Milk Bread",
      ])
    #expect(labels.map { $0.1 as? String } == [nil, "Ana", "Ana", nil])
    #expect(labels.allSatisfy { $0.1 is String || $0.1 is NSNull }, "by is always present")
    let text = try shoplist.ok("history").stdout
    #expect(text.contains("  web (Ana): check Milk"), "\(text)")

    // Undo takes back a member's tap like any other change.
    try shoplist.ok("undo")
    try shoplist.ok("undo")
    #expect(try shoplist.names() == ["Milk", "Bread"])
    #expect(server.stop().status == 0)
  }

  @Test func aChangeWithAMembersCookieMustComeFromThePage() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(invite.code).secret)
    let forged = try server.endpoint.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Forged"}"#, authorized: false,
      curlOptions: [
        "-H", "Cookie: shoplist_session=\(secret)", "-H", "Origin: http://evil.example",
      ])
    #expect(forged.status == 403, "\(forged)")
    #expect(try shoplist.names() == [])
    #expect(server.stop().status == 0)
  }

  @Test func removingAMemberFromTheCommandLineEndsTheirStreamsAndAccessAtOnce() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(invite.code).secret)
    let cookie = ["-H", "Cookie: shoplist_session=\(secret)"]
    let anasEvents = shoplist.folder.appendingPathComponent("ana.events")
    let householdEvents = shoplist.folder.appendingPathComponent("household.events")
    let anas = try ServeTests.openStream(server, into: anasEvents, credential: cookie)
    let households = try ServeTests.openStream(server, into: householdEvents)
    defer {
      for stream in [anas, households] where stream.isRunning {
        kill(stream.processIdentifier, SIGKILL)
        stream.waitUntilExit()
      }
    }
    try ServeTests.waitFor("both streams", within: 10) {
      ServeTests.text(anasEvents).contains(": connected")
        && ServeTests.text(householdEvents).contains(": connected")
    }
    // A change reaches Ana's stream while she is a member.
    try shoplist.ok("add", "Milk")
    try ServeTests.waitFor("the change on Ana's stream", within: 5) {
      ServeTests.text(anasEvents).contains("event: change")
    }

    let removed = Date()
    try shoplist.ok("members", "remove", "Ana")
    try ServeTests.waitFor("Ana's stream to end", within: 5) { !anas.isRunning }
    let took = Date().timeIntervalSince(removed)
    #expect(took < 1.5, "Ana's stream ended \(took) s after her removal")
    #expect(households.isRunning, "the household's stream goes on")
    #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 401)
    #expect(
      try server.endpoint.request(
        "POST", "/api/lists/shopping/items", json: #"{"name": "Tea"}"#, member: secret
      ).status == 401)
    #expect(try shoplist.names() == ["Milk"])
    #expect(server.stop().status == 0)
  }

  @Test func theDatabaseHoldsNoSecretOrCodeInClear() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    let used = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(used.code).secret)
    #expect(try server.endpoint.request("GET", "/api/lists", member: secret).status == 200)
    let pending = try shoplist.invite("Ben", url: server.base)
    let files = ["", "-wal", "-shm", "-journal"].map {
      URL(fileURLWithPath: shoplist.database.path + $0)
    }

    func expectNoneInClear(_ when: String) throws {
      let contents = files.compactMap { shoplist.fileBytes($0) }
      #expect(!contents.isEmpty && contents.reduce(0) { $0 + $1.count } > 0)
      for needle in [secret, used.code, pending.code] {
        for (file, bytes) in zip(files.map(\.lastPathComponent), contents) {
          #expect(
            bytes.range(of: Data(needle.utf8)) == nil,
            "\(when): \(needle) in clear in \(file)")
        }
      }
      // And grep, as an administrator would look.
      let grep = try shoplist.runTool(
        "/usr/bin/grep",
        ["-c", "-a", "-F", "-e", secret, "-e", used.code, "-e", pending.code]
          + files.map(\.path).filter { FileManager.default.fileExists(atPath: $0) })
      #expect(grep.status == 1, "\(when): \(grep)")
    }
    // While the server runs the write-ahead log holds the newest pages.
    #expect(FileManager.default.fileExists(atPath: files[1].path))
    try expectNoneInClear("while serving")
    #expect(server.stop().status == 0)
    try expectNoneInClear("after the server stopped")
    // The secret still opens the list: the database holds what checks it, its hash.
    let again = try ServingShoplist(shoplist)
    #expect(try again.endpoint.request("GET", "/api/me", member: secret).status == 200)
    #expect(again.stop().status == 0)
  }
}
