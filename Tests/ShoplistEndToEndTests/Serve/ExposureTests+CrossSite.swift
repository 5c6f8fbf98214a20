import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Changes made with the session cookie: only from the page itself, as JSON.
extension ExposureTests {
  @Test func aChangeWithTheCookieMustComeFromThePageAsJSON() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    let item = try Self.itemID(shoplist, "Milk")
    let cookie = ["-H", "Cookie: shoplist_session=\(server.token)"]
    let own = "http://127.0.0.1:\(server.port)"
    let before = try shoplist.dump()

    let forged: [(String, String, String?, [String])] = [
      ("POST", "/api/lists/shopping/items", "name=stolen", ["-H", "Content-Type: text/plain"]),
      ("POST", "/api/lists/shopping/items", #"{"name": "stolen"}"#, []),
      ("PATCH", "/api/lists/shopping/items/\(item)", #"{"checked": true}"#, []),
      ("DELETE", "/api/lists/shopping/items/\(item)", nil, []),
      ("POST", "/api/lists/shopping/clear", nil, []),
      ("POST", "/api/lists", #"{"name": "intruders"}"#, []),
    ]
    for (method, path, body, extra) in forged {
      let jsonHeader = body?.hasPrefix("{") == true ? ["-H", "Content-Type: application/json"] : []
      let data = body.map { ["--data-binary", $0] } ?? []
      for origin in [
        "http://127.0.0.1:\(server.port + 1)", "http://evil.example", "null",
        "https://127.0.0.1:\(server.port)",
      ] {
        let answer = try server.endpoint.request(
          method, path, authorized: false,
          curlOptions: cookie + ["-H", "Origin: \(origin)"] + (extra.isEmpty ? jsonHeader : extra)
            + data)
        #expect(answer.status == 403, "\(method) \(path) from \(origin)")
      }
      // Neither an Origin nor Sec-Fetch-Site: not known to come from the page.
      let unknown = try server.endpoint.request(
        method, path, authorized: false, curlOptions: cookie + jsonHeader + data)
      #expect(unknown.status == 403, "\(method) \(path) from nowhere")
      let crossSite = try server.endpoint.request(
        method, path, authorized: false,
        curlOptions: cookie + ["-H", "Sec-Fetch-Site: same-site"] + jsonHeader + data)
      #expect(crossSite.status == 403, "\(method) \(path) same-site")
    }
    // A text body from the page's own origin is not JSON either.
    let text = try server.endpoint.request(
      "POST", "/api/lists/shopping/items", authorized: false,
      curlOptions: cookie + [
        "-H", "Origin: \(own)", "-H", "Content-Type: text/plain", "--data-binary",
        #"{"name": "stolen"}"#,
      ])
    #expect(text.status == 403)
    #expect(text.body.contains("must come from the page itself"))
    #expect(try shoplist.dump() == before)

    // From the page: its origin, or Sec-Fetch-Site: same-origin, with JSON.
    let fromPage = try server.endpoint.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Eggs"}"#, authorized: false,
      curlOptions: cookie + ["-H", "Origin: \(own)"])
    #expect(fromPage.status == 200)
    let fromLocalhost = try server.endpoint.request(
      "POST", "/api/lists/shopping/clear", authorized: false,
      curlOptions: cookie + [
        "-H", "Host: localhost:\(server.port)", "-H", "Origin: http://localhost:\(server.port)",
      ])
    #expect(fromLocalhost.status == 200)
    let sameOrigin = try server.endpoint.request(
      "DELETE", "/api/lists/shopping/items/\(item)", authorized: false,
      curlOptions: cookie + ["-H", "Sec-Fetch-Site: same-origin"])
    #expect(sameOrigin.status == 200)
    // Reads need neither, and the bearer token is never sent by a browser on its own.
    #expect(
      try server.endpoint.request(
        "GET", "/api/lists", authorized: false,
        curlOptions: cookie + ["-H", "Origin: http://evil.example"]
      ).status == 200)
    #expect(
      try server.endpoint.request(
        "POST", "/api/lists/shopping/items", json: #"{"name": "Tea"}"#,
        curlOptions: ["-H", "Origin: http://evil.example"]
      ).status == 200)
    #expect(try shoplist.names() == ["Eggs", "Tea"])
    #expect(server.stop().status == 0)
  }

  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func aPageOnAnotherPortCannotChangeTheListWithTheCookie() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Browser/csrf_check.py")

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", script.path, "--url", server.base, "--token", server.token,
        "--db", shoplist.location, "--binary", Shoplist.binary.path,
      ])

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("4 forged requests, all 403"))
    #expect(result.stdout.contains(" passed, 0 failed"))
    #expect(server.stop().status == 0)
  }
}
