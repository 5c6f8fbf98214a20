import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingPostgres
import ShoppingStorage
import Testing

/// Every command opens its database: on PostgreSQL, each statement of that opening is a round
/// trip. A schema already up to date is seen in one statement, without a transaction or a lock;
/// the server's own statement log counts them.
@Suite(.enabled(if: StorageKind.all.contains(.postgres)), .offThePool)
struct PostgresOpeningTests {
  @Test func openingAnUpToDateDatabaseAsksOneQuestionAboutItsSchema() throws {
    let cluster = try PostgresCluster.dedicated()
    defer { cluster.discard() }
    let url = try PostgresURL(try cluster.makeDatabase())
    _ = try PostgresStorage(url: url)  // made and migrated
    try cluster.psql("ALTER SYSTEM SET log_statement = 'all'")
    try cluster.psql("SELECT pg_reload_conf()")
    // Sessions started after the reload log every statement; a reload that never takes leaves
    // the log empty, and the expectations below fail.
    let reloaded = ContinuousClock.now
    while try cluster.psql("SHOW log_statement").trimmingCharacters(in: .whitespacesAndNewlines)
      != "all", ContinuousClock.now - reloaded < .seconds(10)
    {
      usleep(20_000)
    }
    let log = cluster.folder.appending(path: "log")
    let before = try Data(contentsOf: log).count

    let storage = try PostgresStorage(url: url)
    #expect(try storage.read { try $0.listSummaries() }.isEmpty)

    let sent = String(decoding: try Data(contentsOf: log).dropFirst(before), as: UTF8.self)
      .split(separator: "\n").compactMap { line in
        // "statement: SQL" for a simple query, "execute <unnamed>: SQL" for the extended one.
        line.firstMatch(of: /LOG:  (?:statement|execute [^:]*): (.*)/).map { String($0.1) }
      }
    #expect(
      sent.filter { $0.contains("migration") } == [
        "SELECT coalesce(max(version), 0) FROM shoplist.migration"
      ])
    #expect(!sent.contains { $0.contains("pg_advisory_xact_lock") }, "\(sent)")
  }

  @Test func aDatabaseOfANewerShoplistIsStillRefused() throws {
    guard let cluster = PostgresCluster.shared else { throw PostgresCluster.Failure("none") }
    let database = try cluster.makeDatabase()
    _ = try PostgresStorage(url: try PostgresURL(database))
    try cluster.psql(
      "INSERT INTO shoplist.migration (version, name, applied_at) VALUES (99, 'later', now())",
      database: try PostgresURL(database).database)

    let error = databaseError { _ = try PostgresStorage(url: try PostgresURL(database)) }

    guard case .newerSchema(version: 99, _) = error?.reason else {
      Issue.record("not refused as a newer schema: \(String(describing: error))")
      return
    }
  }
}
