import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// `HEAD` is answered wherever `GET` is (RFC 9110 §9.3.2), over a real socket: the same status
/// and headers as a `GET`, and not one byte of body — link checkers, monitors and `curl -I`
/// see the page and the API as they are.
@Suite(.offThePool, .serialized, .sqlitePass, .runningTimeLimit(.seconds(120)))
struct HeadRequestTests {
  /// The headers a `HEAD` must repeat from its `GET`.
  static let repeated = ["content-type", "content-length", "cache-control", "etag"]

  @Test func headOnEveryGetRouteAnswersAsGetDoesWithoutABody() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    let server = try ServingShoplist(shoplist)
    let host = "Host: 127.0.0.1:\(server.port)"
    let bearer = "Authorization: Bearer \(server.token)"

    for (path, headers) in [
      ("/", [host]), ("/openapi.json", [host]), ("/sw.js", [host]),
      ("/api/lists", [host, bearer]), ("/api/lists/shopping", [host, bearer]),
      ("/api/history?limit=5", [host, bearer]),
    ] {
      let get = try server.raw(["GET \(path) HTTP/1.1"] + headers)
      let head = try server.raw(["HEAD \(path) HTTP/1.1"] + headers)
      #expect(get.status == 200 && !get.body.isEmpty, "GET \(path): \(get)")
      #expect(head.status == get.status, "HEAD \(path): \(head)")
      for name in Self.repeated {
        #expect(head.header(name) == get.header(name), "HEAD \(path): \(name)")
      }
      #expect(head.header("content-length") == "\(get.body.utf8.count)", "HEAD \(path)")
      #expect(head.body.isEmpty, "HEAD \(path) sent a body: \(head.body.prefix(80))")
    }
    #expect(server.stop().status == 0)
  }

  @Test func headIsRefusedWhereGetIs() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let before = try shoplist.dump()
    let server = try ServingShoplist(shoplist)
    let host = "Host: 127.0.0.1:\(server.port)"

    // Without the token: 401, as a GET is.
    for path in ["/api/lists", "/api/lists/shopping"] {
      let refused = try server.raw(["HEAD \(path) HTTP/1.1", host])
      #expect(refused.status == 401, "HEAD \(path): \(refused)")
      #expect(refused.header("www-authenticate") == "Bearer")
      #expect(refused.body.isEmpty, "HEAD \(path) sent a body: \(refused.body)")
    }
    // A foreign host: 421.
    let foreign = try server.raw(["HEAD /api/lists HTTP/1.1", "Host: evil.example"])
    #expect(foreign.status == 421 && foreign.body.isEmpty, "\(foreign)")
    // A path served only for POST: 405, and HEAD is no way to write.
    let clear = try server.raw(
      ["HEAD /api/lists/shopping/clear HTTP/1.1", host, "Authorization: Bearer \(server.token)"])
    #expect(clear.status == 405 && clear.header("allow") == "POST", "\(clear)")
    #expect(try shoplist.dump() == before)
    #expect(server.stop().status == 0)
  }
}
