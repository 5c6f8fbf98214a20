import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// `shoplist serve` on PostgreSQL learns of changes made by any other process through
/// LISTEN/NOTIFY: a change reaches an open event stream within a second, and while nothing
/// changes the server sends the database no query at all.
@Suite(.offThePool, .serialized, .enabled(if: Engine.all.contains(.postgres)), .sqlitePass)
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

    // Quiet: the server's connections sent nothing for a while.
    try Self.expectQuiet {
      Double(
        try cluster.psql(
          Self.lastQueryAge(where: "datname = '\(database)' AND pid <> pg_backend_pid()")
        ).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
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

  /// The age in seconds of the newest query of the sessions `filter` picks in
  /// `pg_stat_activity` (999 when there is none), as SQL.
  static func lastQueryAge(where filter: String) -> String {
    "SELECT coalesce(extract(epoch FROM now() - max(query_start)), 999)"
      + " FROM pg_stat_activity WHERE \(filter)"
  }

  /// Expects the sessions whose newest query `lastQueryAge` tells the age of to stay quiet:
  /// that query over a second old after a while, and older by as much a second later.
  static func expectQuiet(
    _ lastQueryAge: () throws -> Double, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    Thread.sleep(forTimeInterval: 1.5)
    let before = try lastQueryAge()
    Thread.sleep(forTimeInterval: 1.0)
    let after = try lastQueryAge()
    #expect(
      before >= 1.0, "a query \(before) s ago while nothing changed",
      sourceLocation: sourceLocation)
    #expect(
      after >= before + 0.9, "a server asked the database while nothing changed",
      sourceLocation: sourceLocation)
  }
}
