import Foundation
import ShoplistTestSupport
import Testing

/// Tokens: weak ones refused before listening, the options `serve --help` names, and wrong
/// ones held off after a few tries.
extension ExposureTests {
  @Test func weakTokensAreRefusedBeforeListening() throws {
    let shoplist = try Shoplist()
    let port = String(try Self.freePort())
    // A server that took the token would run on: each attempt is stopped after a few seconds.
    let short = try shoplist.runWithin(5, "serve", "--port", port, "--token", "a")
    #expect(short.status == 64)
    #expect(short.stderr.hasPrefix("shoplist: --token must be at least 16 characters"))
    let fifteen = try shoplist.runWithin(
      5, "serve", "--port", port, "--token", String(repeating: "x", count: 15))
    #expect(fifteen.status == 64)
    let fromEnvironment = try shoplist.runWithin(
      5, "serve", "--port", port, environment: ["SHOPLIST_TOKEN": "open-sesame"])
    #expect(fromEnvironment.status == 64)
    #expect(fromEnvironment.stderr == "shoplist: $SHOPLIST_TOKEN must be at least 16 characters\n")
    #expect(fromEnvironment.stdout.isEmpty)

    let sixteen = try ServingShoplist(shoplist, ["--token", String(repeating: "x", count: 16)])
    #expect(try sixteen.request("GET", "/api/lists").status == 200)
    sixteen.stop()
  }

  @Test func serveHelpReadsCleanlyAndNamesItsOptions() throws {
    let shoplist = try Shoplist()
    let help = try shoplist.run("serve", "--help")
    #expect(help.status == 0)
    #expect(!help.stdout.contains("\\"), "a stray backslash in:\n\(help.stdout)")
    for option in ["--host", "--port", "--token", "--tls-cert", "--tls-key", "--url", "--grace"] {
      #expect(help.stdout.contains(option), "\(option)")
    }
    #expect(help.stdout.contains("at least 16 characters"))
  }

  @Test func repeatedWrongTokensGet429() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let endpoint = server.endpoint

    // No credential at all is simply 401, and is not counted.
    for _ in 0..<25 {
      #expect(try endpoint.request("GET", "/api/lists", authorized: false).status == 401)
    }
    let wrongBearer = ["-H", "Authorization: Bearer \(String(repeating: "0", count: 64))"]
    let wrongCookie = ["-H", "Cookie: shoplist_session=guess"]
    for attempt in 0..<20 {
      let answer = try endpoint.request(
        "GET", "/api/lists", authorized: false,
        curlOptions: attempt.isMultiple(of: 2) ? wrongBearer : wrongCookie)
      #expect(answer.status == 401, "attempt \(attempt + 1)")
    }
    #expect(
      try endpoint.request("GET", "/api/lists", authorized: false, curlOptions: wrongBearer)
        .status == 429)
    #expect(try endpoint.request("GET", "/api/lists", authorized: false).status == 429)
    let wrongLink = try endpoint.request("GET", "/?token=guess", authorized: false)
    #expect(wrongLink.status == 429)
    #expect(wrongLink.body.contains("too many wrong tokens"))
    // Nothing it sends is compared while it is held off (HeldOffTests: a device signed in
    // keeps working); another address is not held.
    #expect(try endpoint.request("GET", "/api/lists").status == 429)
    let elsewhere = try endpoint.request(
      "GET", "/api/lists", curlOptions: ["--interface", "127.0.0.3"])
    #expect(elsewhere.status == 200, "\(elsewhere.body)")
    #expect(server.stop().status == 0)
  }
}
