import Foundation
import ShoplistTestSupport
import Testing

/// `shoplist serve` on PostgreSQL learns of changes made by any other process through
/// LISTEN/NOTIFY: a change reaches an open event stream within a second, and while nothing
/// changes the server sends the database no query at all.
@Suite(.serialized, .enabled(if: Engine.all.contains(.postgres)), .sqlitePass)
struct PostgresServeTests {
  @Test func aChangeFromTheCommandLineReachesTheStreamAndIdleMeansNoQueries() throws {
    let cluster = try Engine.cluster()
    let shoplist = try Engine.postgres.shoplist()
    let database = PostgresFailureTests.database(
      of: try #require(shoplist.environment["SHOPLIST_DB"]))
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    defer { _ = server.stop() }
    let (stream, events) = try ServeTests.connectedStream(server, of: shoplist)
    defer { stream.terminate() }

    // Quiet: the server's connections sent nothing for a while (the last query of each is
    // older than a second, and stays so).
    func lastQueryAge() throws -> Double {
      let text = try cluster.psql(
        """
        SELECT coalesce(extract(epoch FROM now() - max(query_start)), 999) FROM pg_stat_activity
        WHERE datname = '\(database)' AND pid <> pg_backend_pid()
        """)
      return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
    Thread.sleep(forTimeInterval: 1.5)
    let before = try lastQueryAge()
    Thread.sleep(forTimeInterval: 1.0)
    let after = try lastQueryAge()
    #expect(before >= 1.0, "a query \(before) s ago while nothing changed")
    #expect(after >= before + 0.9, "the server asked the database while nothing changed")
    let listeners = try cluster.psql(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'LISTEN%'"
    )
    #expect(listeners.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(listeners)")

    // Another process's change, on the stream within a second.
    let start = Date()
    try shoplist.ok("add", "Cake", "--list", "party")
    try ServeTests.waitForChange(to: "party", in: events)
    let took = Date().timeIntervalSince(start)
    #expect(took < 1.5, "the change took \(took) s to reach the stream")
  }
}
