import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A client that keeps guessing is held off for real: its tokens are not compared at all while
/// it is (a right one gets 429 like any other), a device signed in from the same address keeps
/// working, and behind a trusted proxy each phone is held by its own address.
@Suite(.offThePool, .sqlitePass) struct HeldOffTests {
  @Test func aHeldOffClientsTokensAreNotCheckedButASignedInDeviceKeepsWorking() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    let endpoint = server.endpoint
    // Given a phone that signed in from this address before the guessing began,
    let session = try signIn(server)
    let fromThePage = ["-H", "Cookie: shoplist_session=\(session)", "-H", "Origin: \(server.base)"]

    // when 20 wrong tokens come from the same address,
    let wrong = ["-H", "Authorization: Bearer \(String(repeating: "0", count: 64))"]
    for _ in 0..<20 {
      #expect(
        try endpoint.request("GET", "/api/lists", authorized: false, curlOptions: wrong).status
          == 401)
    }

    // then every token it sends is 429 at once, the right one too: nothing is compared,
    #expect(
      try endpoint.request("GET", "/api/lists", authorized: false, curlOptions: wrong).status
        == 429)
    let right = try endpoint.request("GET", "/api/lists")
    #expect(right.status == 429, "\(right.body)")
    #expect(right.body.contains("too many wrong tokens"))
    #expect(try endpoint.request("GET", "/?token=\(server.token)", authorized: false).status == 429)
    #expect(try endpoint.request("GET", "/api/lists", authorized: false).status == 429)
    // while the phone signed in goes on reading and changing the list.
    #expect(
      try endpoint.request("GET", "/api/lists", authorized: false, curlOptions: fromThePage)
        .status == 200)
    let added = try endpoint.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Bread"}"#, authorized: false,
      curlOptions: fromThePage)
    #expect(added.status == 200, "\(added.body)")
    #expect(server.stop().status == 0)
  }

  @Test func behindATrustedProxyEachPhoneIsHeldByItsOwnAddress() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist, ["--trust-proxy", "127.0.0.1"])
    let endpoint = server.endpoint
    let wrong = ["-H", "Authorization: Bearer \(String(repeating: "0", count: 64))"]
    func ask(from client: String, _ extra: [String] = []) throws -> Int {
      try endpoint.request(
        "GET", "/api/lists", authorized: extra.isEmpty,
        curlOptions: ["-H", "X-Forwarded-For: \(client)"] + extra
      ).status
    }
    // A guesser behind the proxy is held off,
    for _ in 0..<20 { #expect(try ask(from: "203.0.113.7", wrong) == 401) }
    #expect(try ask(from: "203.0.113.7", wrong) == 429)
    #expect(try ask(from: "203.0.113.7") == 429)
    // and only the guesser: another phone behind the same proxy is answered.
    #expect(try ask(from: "198.51.100.20") == 200)
    #expect(try ask(from: "198.51.100.20", wrong) == 401)
    #expect(server.stop().status == 0)
  }

  @Test func withoutATrustedProxyAForgedForwardedAddressEscapesNothing() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let wrong = ["-H", "Authorization: Bearer \(String(repeating: "0", count: 64))"]
    for attempt in 0..<20 {
      let forged = ["-H", "X-Forwarded-For: 203.0.113.\(attempt)"]
      #expect(
        try server.endpoint.request(
          "GET", "/api/lists", authorized: false, curlOptions: wrong + forged
        ).status == 401)
    }
    #expect(
      try server.endpoint.request(
        "GET", "/api/lists", authorized: false,
        curlOptions: wrong + ["-H", "X-Forwarded-For: 198.51.100.1"]
      ).status == 429)
    #expect(server.stop().status == 0)
  }

  /// Opens the address `serve` printed, as a browser does: the session cookie it sets.
  private func signIn(_ server: ServingShoplist) throws -> String {
    let headers = try server.shoplist.runTool(
      "/usr/bin/curl", ["-s", "-o", "/dev/null", "-D", "-", "\(server.base)/?token=\(server.token)"])
    let cookie = try #require(
      headers.stdout.firstMatch(of: /(?i)set-cookie: shoplist_session=([^;]+);/))
    return String(cookie.1)
  }
}
