import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import Testing

/// An item changed through the API as fast as one connection can — a page stuck resending, a
/// script in a loop — keeps an `updatedAt` within a second of the clock in the API, the
/// command line's JSON and the export, and a change sent on what was seen before the last
/// change is still refused.
@Suite(.offThePool, .serialized, .sqlitePass, .runningTimeLimit(.seconds(120)))
struct UpdatedAtServeTests {
  /// Sends one request with `body` on `connection` (kept alive) and reads its whole answer.
  func exchange(
    _ connection: RawConnection, _ server: ServingShoplist, _ method: String, _ path: String,
    body: String = ""
  ) throws -> (status: Int, body: String) {
    let request = [
      "\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(server.port)",
      "Authorization: Bearer \(server.token)", "Content-Type: application/json",
      "Content-Length: \(body.utf8.count)", "", body,
    ]
    guard connection.send(request.joined(separator: "\r\n")) else {
      throw Shoplist.Failure("the connection closed")
    }
    let text = connection.receive(for: 5) { text in
      guard let end = text.range(of: "\r\n\r\n"),
        let length = text[..<end.lowerBound].firstMatch(of: /(?i)content-length: *(\d+)/)
          .flatMap({ Int($0.1) })
      else { return false }
      return text[end.upperBound...].utf8.count >= length
    }.text
    guard let end = text.range(of: "\r\n\r\n"),
      let status = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw Shoplist.Failure("no answer: \(text.debugDescription)") }
    return (status, String(text[end.upperBound...]))
  }

  /// A served list with Milk on it, a connection to the server, and Milk's path in the API.
  func servingMilk() throws -> (Shoplist, ServingShoplist, RawConnection, String) {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let id = try ExposureTests.itemID(shoplist, "Milk")
    let server = try ServingShoplist(shoplist)
    guard let connection = RawConnection(port: server.port) else {
      throw Shoplist.Failure("cannot connect")
    }
    return (shoplist, server, connection, "/api/lists/shopping/items/\(id)")
  }

  /// Milk's `updatedAt` in a list document, or in an export's first list.
  func updatedAt(in document: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
    let list = (object?["lists"] as? [[String: Any]])?.first ?? object
    let items = list?["items"] as? [[String: Any]] ?? []
    let milk = items.first { $0["name"] as? String == "Milk" }
    return try #require(milk?["updatedAt"] as? String, "\(document)")
  }

  @Test func patchesAsFastAsTheServerTakesThemLeaveUpdatedAtWithinASecondOfTheClock() throws {
    // Given a served list with Milk on it.
    let (shoplist, server, connection, milk) = try servingMilk()
    let path = milk + "?return=item"

    // When Milk is checked and unchecked for three seconds on one connection.
    var patches = 0
    let end = Date().addingTimeInterval(3)
    while Date() < end {
      let answer = try exchange(
        connection, server, "PATCH", path, body: #"{"checked": \#(patches % 2 == 0)}"#)
      #expect(answer.status == 200, "\(answer.body)")
      patches += 1
    }

    // Then everything that shows its time shows one within a second of the clock.
    let limit = Date().addingTimeInterval(1)
    let shown = [
      try updatedAt(in: try exchange(connection, server, "GET", "/api/lists/shopping").body),
      try updatedAt(in: try shoplist.run("list", "--json").stdout),
      try updatedAt(in: try shoplist.run("export", "--format", "json").stdout),
    ]
    for text in shown {
      let date = try #require(Timestamp.date(from: text), "\(text)")
      #expect(date <= limit, "after \(patches) changes: \(text)")
    }
    #expect(Set(shown).count == 1, "\(shown)")
    #expect(server.stop().status == 0)
  }

  @Test func aPatchOnWhatWasSeenBeforeAChangeInTheSameSecondIs412() throws {
    // Given Milk as a page saw it, then checked by someone else at once.
    let (shoplist, server, connection, path) = try servingMilk()
    let list = try exchange(connection, server, "GET", "/api/lists/shopping")
    let seen = try updatedAt(in: list.body)
    let checked = try exchange(connection, server, "PATCH", path, body: #"{"checked": true}"#)
    let now = try updatedAt(in: checked.body)
    #expect(now != seen)

    // When the page's change, made on what it saw, arrives: 412, and Milk stays checked.
    let refused = try exchange(
      connection, server, "PATCH", path,
      body: #"{"checked": false, "ifUpdatedAt": "\#(seen)"}"#)
    #expect(refused.status == 412, "\(refused.body)")
    let delete = try exchange(
      connection, server, "DELETE",
      path + "?ifUpdatedAt=" + seen.replacingOccurrences(of: ":", with: "%3A"))
    #expect(delete.status == 412, "\(delete.body)")
    #expect(try shoplist.run("list", "--json").stdout.contains(#""checked": true"#))

    // Sent on the time it has now, it applies.
    let applied = try exchange(
      connection, server, "PATCH", path, body: #"{"checked": false, "ifUpdatedAt": "\#(now)"}"#)
    #expect(applied.status == 200, "\(applied.body)")
    #expect(server.stop().status == 0)
  }
}
