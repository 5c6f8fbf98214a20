import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A database file replaced (a restore: `mv backup.sqlite shoplist.sqlite`) or deleted under a
/// running `shoplist serve` is never served from the file that is gone: within a second or two
/// every request that needs the database is 503 in words, the event streams end, and stderr
/// says why. The real binary, its real file.
@Suite(.offThePool, .serialized, .sqlitePass) struct ReplacedDatabaseTests {
  @Test(.runningTimeLimit(.seconds(60)))
  func aRestoredBackupIsNotServedFromTheOldFileButAnsweredInWords() throws {
    // Given a served list with milk, and a backup of it taken then,
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let backup = shoplist.folder.appendingPathComponent("backup.sqlite").path
    try shoplist.ok("db", "copy", backup)
    let server = try ServingShoplist(shoplist)
    try shoplist.ok("add", "Bread")
    #expect(try server.request("GET", "/api/lists/shopping").body.contains("Bread"))
    let stream = try server.openEventStream()

    // when the backup is moved into the database's place,
    #expect(rename(backup, shoplist.database.path) == 0)

    // then within two seconds the API answers 503 saying what happened, never the old file's
    // list, the event stream ends, and the page itself is still served.
    let answer = try waitForRefusal(server, path: "/api/lists/shopping")
    #expect(answer.status == 503)
    #expect(answer.body.contains("replaced or deleted on the server"), "\(answer.body)")
    #expect(answer.body.contains(#""reason": "databaseReplaced""#), "\(answer.body)")
    let ended = stream.receive(for: 3) { $0.hasSuffix("0\r\n\r\n") }
    #expect(ended.closed || ended.text.hasSuffix("0\r\n\r\n"), "the event stream went on")
    #expect(try server.request("POST", "/api/lists/shopping/items", json: #"{"name":"Eggs"}"#)
      .status == 503)
    #expect(try server.fetch("/").status == 200)
    let (status, stderr) = server.stop()
    #expect(status == 0)
    #expect(stderr.contains("was replaced or deleted while serving it"), "\(stderr)")
    // The backup, now in place, reads as it was made: milk alone, nothing of the file it
    // replaced mixed into it.
    #expect(try shoplist.ok("list", "--json").itemNames() == ["Milk"])
    #expect(try shoplist.ok("db", "check").stdout.contains("ok"))
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func aDeletedDatabaseIsAnsweredInWords() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    #expect(try server.request("GET", "/api/lists").status == 200)
    try FileManager.default.removeItem(at: shoplist.database)
    let answer = try waitForRefusal(server, path: "/api/lists")
    #expect(answer.status == 503)
    #expect(answer.body.contains("shoplist serve must be restarted"), "\(answer.body)")
    #expect(server.stop().stderr.contains("replaced or deleted"))
  }

  /// Asks `path` until it is refused, for at most two seconds; the last answer.
  private func waitForRefusal(
    _ server: ServingShoplist, path: String
  ) throws -> (status: Int, body: String) {
    let started = Date()
    var answer = try server.request("GET", path)
    while answer.status == 200, Date().timeIntervalSince(started) < 2 {
      usleep(100_000)
      answer = try server.request("GET", path)
    }
    return answer
  }
}
