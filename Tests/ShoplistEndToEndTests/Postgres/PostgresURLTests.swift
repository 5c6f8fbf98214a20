import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A PostgreSQL URL that is not a usable one is how shoplist was called, not a database that
/// failed: exit 64 with what is wrong, before anything is connected to (nothing listens on
/// the port these URLs name, so a connection attempt would be 69), and never the password.
@Suite(.offThePool, .sqlitePass)
struct PostgresURLTests {
  static let modes = "sslmode must be one of disable, prefer, require, verify-full"

  /// A URL of a server nobody runs, with `query` after it.
  static func url(_ query: String) -> String {
    "postgres://ana:secret@127.0.0.1:\(PostgresCluster.freePort())/home\(query)"
  }

  @Test(arguments: ["?sslmode=bogus", "?sslmode=", "?sslmode=REQUIRE", "?sslmod=require"])
  func aMistypedParameterInDbIsAUsageError(query: String) throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("list", "--db", Self.url(query))
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: invalid database URL \"postgres://ana:***@"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(!result.stderr.contains("secret") && result.stdout.isEmpty, "\(result)")
  }

  @Test func aBadSSLModeSaysWhichModesThereAre() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("add", "milk", "--db", Self.url("?sslmode=bogus"))
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains(Self.modes), "\(result)")
  }

  @Test func aBadURLInTheEnvironmentIsAUsageErrorToo() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run(
      "list", environment: ["SHOPLIST_DB": Self.url("?sslmode=bogus")])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains(Self.modes), "\(result)")
  }

  @Test func aBadURLAsTheTargetOfACopyIsAUsageErrorAndCopiesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = try shoplist.dump()
    let result = try shoplist.run("db", "copy", Self.url("?sslmode=bogus"))
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains(Self.modes), "\(result)")
    #expect(try shoplist.dump() == before)
  }
}
