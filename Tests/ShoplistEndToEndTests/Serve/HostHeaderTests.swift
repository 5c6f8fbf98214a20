import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The `Host` rules of RFC 9112 §3.2, against the real binary over raw sockets (curl would
/// mend each of these requests before sending it): a request names one host, in one `Host`
/// line, and a target in absolute form names it instead of `Host`. A request for no host, two
/// hosts or a foreign one never reaches the lists.
@Suite(.offThePool, .serialized, .sqlitePass, .runningTimeLimit(.seconds(120)))
struct HostHeaderTests {
  /// A served list with Milk on it, and the database's dump before any request.
  func serving() throws -> (ServingShoplist, before: String) {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    return (try ServingShoplist(shoplist), try shoplist.dump())
  }

  /// The header lines of a change: a new item, with the token, as JSON.
  func adding(_ server: ServingShoplist) -> [String] {
    let body = #"{"name": "Stolen"}"#
    return [
      "Authorization: Bearer \(server.token)", "Content-Type: application/json",
      "Content-Length: \(body.utf8.count)", "", body,
    ]
  }

  @Test func anEmptyHostIs400() throws {
    let (server, before) = try serving()
    let bearer = "Authorization: Bearer \(server.token)"

    let read = try server.raw(["GET /api/lists HTTP/1.1", "Host:", bearer])
    #expect(read.status == 400, "\(read)")
    let written = try server.raw(
      ["POST /api/lists/shopping/items HTTP/1.1", "Host: "] + adding(server))
    #expect(written.status == 400, "\(written)")

    #expect(try server.shoplist.dump() == before)
    #expect(server.stop().status == 0)
  }

  @Test func twoHostLinesAre400EvenWhenBothAreServed() throws {
    let (server, before) = try serving()
    let served = "Host: 127.0.0.1:\(server.port)"
    let bearer = "Authorization: Bearer \(server.token)"

    for second in [served, "Host: localhost:\(server.port)", "Host: evil.example"] {
      let read = try server.raw(["GET /api/lists HTTP/1.1", served, second, bearer])
      #expect(read.status == 400, "\(second): \(read)")
    }
    let foreignFirst = try server.raw(
      ["GET /api/lists HTTP/1.1", "Host: evil.example", served, bearer])
    #expect(foreignFirst.status == 400, "\(foreignFirst)")
    let written = try server.raw(
      ["POST /api/lists/shopping/items HTTP/1.1", served, "Host: evil.example"] + adding(server))
    #expect(written.status == 400, "\(written)")

    #expect(try server.shoplist.dump() == before)
    #expect(server.stop().status == 0)
  }

  @Test func anAbsoluteTargetsAuthorityWinsOverTheHostLine() throws {
    let (server, before) = try serving()
    let served = "127.0.0.1:\(server.port)"
    let bearer = "Authorization: Bearer \(server.token)"

    // A foreign authority in the target is a foreign host, whatever Host says.
    for target in ["http://evil.example/api/lists", "http://evil.example:\(server.port)/api/lists"]
    {
      let read = try server.raw(["GET \(target) HTTP/1.1", "Host: \(served)", bearer])
      #expect(read.status == 421, "\(target): \(read)")
    }
    let page = try server.raw(["GET http://evil.example/ HTTP/1.1", "Host: \(served)"])
    #expect(page.status == 421, "\(page)")
    let written = try server.raw(
      ["POST http://evil.example/api/lists/shopping/items HTTP/1.1", "Host: \(served)"]
        + adding(server))
    #expect(written.status == 421, "\(written)")
    #expect(try server.shoplist.dump() == before)

    // A served authority in the target is served, even beside a foreign Host.
    let lists = try server.raw(
      ["GET http://\(served)/api/lists/shopping HTTP/1.1", "Host: evil.example", bearer])
    #expect(lists.status == 200 && lists.body.contains("Milk"), "\(lists)")
    let query = try server.raw(
      ["GET HTTP://LOCALHOST:\(server.port)/api/history?limit=1 HTTP/1.1", bearer])
    #expect(query.status == 200 && query.body.contains("\"history\""), "\(query)")
    #expect(server.stop().status == 0)
  }
}
