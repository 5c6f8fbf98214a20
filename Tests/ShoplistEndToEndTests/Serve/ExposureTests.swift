import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `shoplist serve` attacked as an outsider would: the real binary on loopback, each request
/// made with curl or a raw socket, the database compared before and after.
@Suite(.offThePool, .serialized, .sqlitePass) struct ExposureTests {
  /// Every route, as a client would call it: method, path, JSON body.
  static func routes(item: String) -> [(String, String, String?)] {
    [
      ("GET", "/api/lists", nil),
      ("POST", "/api/lists", #"{"name": "intruders"}"#),
      ("GET", "/api/lists/shopping", nil),
      ("POST", "/api/lists/shopping/items", #"{"name": "stolen"}"#),
      ("PATCH", "/api/lists/shopping/items/\(item)", #"{"checked": true}"#),
      ("DELETE", "/api/lists/shopping/items/\(item)", nil),
      ("POST", "/api/lists/shopping/clear", nil),
      ("POST", "/api/lists/shopping/reset", nil),
      ("GET", "/api/events", nil),
    ]
  }

  /// The spellings of a path that must not reach it: an empty segment in each place, `.` and
  /// `..` segments, plain and encoded, encoded slashes and backslashes, a trailing slash.
  static func spellings(of path: String) -> [String] {
    let rest = String(path.dropFirst("/api".count))
    return [
      "/" + path, "/api/" + rest, path + "/", "/./" + path.dropFirst(), "/api/." + rest,
      "/api/%2e" + rest, "/api/x/.." + rest, "/api/x/%2E%2E" + rest, "/api%2F" + rest.dropFirst(),
      "/api%2f" + rest.dropFirst(), "/api%5c" + rest.dropFirst(), "/api\\" + rest.dropFirst(),
    ]
  }

  @Test func pathsNotAsWrittenAre404OnEveryRouteWithOrWithoutTheToken() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    try shoplist.ok("check", "Bread")
    let item = try Self.itemID(shoplist, "Milk")
    let before = try shoplist.dump()
    let server = try ServingShoplist(shoplist)

    for (method, path, body) in Self.routes(item: item) {
      for spelling in Self.spellings(of: path) {
        for authorized in [false, true] {
          let answer = try server.endpoint.request(
            method, spelling, json: body, authorized: authorized,
            curlOptions: ["--path-as-is", "-m", "3"])
          #expect(answer.status == 404, "\(method) \(spelling) (token: \(authorized))")
        }
      }
    }

    #expect(try shoplist.dump() == before)
    // The same routes, as written, still work.
    #expect(try server.request("GET", "/api/lists/shopping").status == 200)
    #expect(try server.request("POST", "/api/lists/shopping/clear").status == 200)
    #expect(server.stop().status == 0)
  }

  @Test func aHostThatIsNotServedIs421AndChangesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let before = try shoplist.dump()
    let server = try ServingShoplist(shoplist)
    let host = "127.0.0.1:\(server.port)"

    for (method, path, body) in Self.routes(item: try Self.itemID(shoplist, "Milk")) {
      for foreign in ["rebind.example:\(server.port)", "rebind.example", "127.0.0.1.nip.io"] {
        let answer = try server.endpoint.request(
          method, path, json: body, curlOptions: ["-H", "Host: \(foreign)", "-m", "3"])
        #expect(answer.status == 421, "\(method) \(path) Host: \(foreign)")
      }
    }
    let page = try server.endpoint.request(
      "GET", "/", authorized: false, curlOptions: ["-H", "Host: rebind.example"])
    #expect(page.status == 421)
    #expect(try shoplist.dump() == before)

    for served in [host, "localhost:\(server.port)", "LOCALHOST", "127.0.0.1"] {
      let answer = try server.endpoint.request(
        "GET", "/api/lists", curlOptions: ["-H", "Host: \(served)"])
      #expect(answer.status == 200, "Host: \(served)")
    }
    #expect(server.stop().status == 0)
  }

  @Test func thePublicAddressIsPrintedAndItsHostServed() throws {
    let shoplist = try Shoplist()
    let port = try Self.freePort()
    let server = try ServingShoplist(
      shoplist,
      ["--port", String(port), "--url", "https://list.example.org/", "--token", Self.token])
    #expect(server.firstLine == "serving https://list.example.org/?token=\(Self.token)")
    let local = Endpoint(shoplist: shoplist, base: "http://127.0.0.1:\(port)", token: Self.token)
    let proxied = try local.request(
      "GET", "/api/lists", curlOptions: ["-H", "Host: list.example.org"])
    #expect(proxied.status == 200)
    let other = try local.request("GET", "/api/lists", curlOptions: ["-H", "Host: example.org"])
    #expect(other.status == 421)
    server.stop()

    let fromEnvironment = try ServingShoplist(
      shoplist, ["--port", String(port), "--token", Self.token],
      environment: ["SHOPLIST_URL": "http://shop.home.arpa:8080"])
    #expect(fromEnvironment.firstLine == "serving http://shop.home.arpa:8080/?token=\(Self.token)")
    fromEnvironment.stop()

    for bad in ["ftp://list.example.org", "https://list.example.org/shop", "list.example.org"] {
      let refused = try shoplist.runWithin(5, "serve", "--port", String(port), "--url", bad)
      #expect(refused.status == 64, "\(bad)")
      #expect(refused.stderr.contains("--url must be an http:// or https:// address"))
    }
    let badEnvironment = try shoplist.runWithin(
      5, "serve", "--port", String(port), environment: ["SHOPLIST_URL": "https://x.example/path"])
    #expect(badEnvironment.status == 64)
    #expect(
      badEnvironment.stderr
        == "shoplist: $SHOPLIST_URL must be an http:// or https:// address of a host, with no path\n"
    )
  }

  // MARK: - Helpers

  static let token = "a-token-long-enough-for-tests"

  static func itemID(_ shoplist: Shoplist, _ name: String) throws -> String {
    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]] ?? []
    guard let id = items.first(where: { $0["name"] as? String == name })?["id"] as? String else {
      throw Shoplist.Failure("no item \(name)")
    }
    return id
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    guard let (descriptor, port) = LoopbackSocket.bound() else {
      throw Shoplist.Failure("no free port")
    }
    close(descriptor)
    return port
  }
}

extension Shoplist {
  /// Runs `shoplist ARGUMENTS`, stopped with SIGTERM if it is still running after `seconds`
  /// (exit 124 then).
  func runWithin(
    _ seconds: Int, _ arguments: String..., environment extra: [String: String] = [:]
  ) throws -> Result {
    try runTool(
      "/usr/bin/timeout", [String(seconds), Self.binary.path] + arguments, environment: extra)
  }

  /// The whole database as SQL text: equal dumps, equal databases.
  func dump() throws -> String {
    guard !location.contains("://") else {
      return String(decoding: databaseBytes(), as: UTF8.self)
    }
    return try runTool("/usr/bin/sqlite3", [database.path, ".dump"]).stdout
  }
}
