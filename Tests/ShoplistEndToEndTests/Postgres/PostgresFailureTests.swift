import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The built binary against PostgreSQL when things go wrong: the contract's exit statuses,
/// nothing written, and never the password in any output.
@Suite(.offThePool, .enabled(if: Engine.all.contains(.postgres)), .sqlitePass)
struct PostgresFailureTests {
  @Test func aWrongPasswordIs77AndNoOutputShowsAPassword() throws {
    let cluster = try Engine.cluster()
    var shoplist = try Engine.postgres.shoplist()
    let url = try #require(shoplist.environment["SHOPLIST_DB"])
    let wrong = "not-the-password-4711"
    let refused = try shoplist.run(
      "list", "--db", cluster.url(database: Self.database(of: url), password: wrong))
    #expect(refused.status == 77, "\(refused)")
    #expect(refused.stderr.contains("refused the user"), "\(refused)")
    #expect(refused.stderr.contains(":***@127.0.0.1"), "\(refused)")
    // Every kind of output, with the right password in the URL: none shows it.
    var outputs = [refused.stdout + refused.stderr]
    for arguments in [
      ["add", "milk"], ["list"], ["list", "--json"], ["history"], ["lists"], ["db", "check"],
      ["toggle", "no-such-item"], ["undo", "99"], ["list", "--list", "nope"],
      ["--trace", "add", "tea"],
    ] {
      let result = try shoplist.run(arguments: arguments)
      outputs.append(result.stdout + result.stderr)
    }
    // From $PGPASSWORD when the URL has none.
    shoplist.environment["SHOPLIST_DB"] =
      "postgres://\(PostgresCluster.user)@127.0.0.1:\(cluster.port)/"
      + Self.database(of: url) + "?sslmode=disable"
    let fromEnvironment = try shoplist.run(
      "list", environment: ["PGPASSWORD": PostgresCluster.password])
    #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
    #expect(fromEnvironment.stdout.contains("milk"))
    outputs.append(fromEnvironment.stdout + fromEnvironment.stderr)
    for output in outputs {
      #expect(!output.contains(PostgresCluster.password), "\(output)")
      #expect(!output.contains("horse"), "\(output)")
      #expect(!output.contains(wrong), "\(output)")
    }
  }

  @Test func aServerNobodyListensOnIs69() throws {
    let shoplist = try Shoplist()
    let port = PostgresCluster.freePort()
    let result = try shoplist.run(
      "add", "milk", "--db", "postgres://ana:secret@127.0.0.1:\(port)/home?sslmode=disable")
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr.contains("cannot reach database \"postgres://ana:***@127.0.0.1:\(port)/home\""))
    #expect(!result.stderr.contains("secret"))
  }

  @Test func aURLThatNamesNoDatabaseIsAUsageErrorInWords() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("list", "--db", "postgres://ana:secret@127.0.0.1:5432/")
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("the URL names no database"), "\(result)")
    #expect(!result.stderr.contains("secret"))
  }

  @Test func aNewerSchemaIs78AndAForeignOneIs74BothLeftUntouched() throws {
    let cluster = try Engine.cluster()
    let shoplist = try Engine.postgres.shoplist()
    let url = try #require(shoplist.environment["SHOPLIST_DB"])
    let database = Self.database(of: url)
    #expect(try shoplist.run("add", "milk").status == 0)
    try cluster.psql(
      "INSERT INTO shoplist.migration VALUES (99, '0099_future', now())", database: database)
    let newer = try shoplist.run("list")
    #expect(newer.status == 78, "\(newer)")
    #expect(newer.stderr.contains("newer shoplist"), "\(newer)")
    #expect(try cluster.psql("SELECT name FROM shoplist.product", database: database) == "milk\n")

    let foreign = try Engine.postgres.shoplist()
    let foreignURL = try #require(foreign.environment["SHOPLIST_DB"])
    try cluster.psql(
      "CREATE SCHEMA shoplist; CREATE TABLE shoplist.ledger (amount int)",
      database: Self.database(of: foreignURL))
    let refused = try foreign.run("add", "milk")
    #expect(refused.status == 74, "\(refused)")
    #expect(refused.stderr.contains("shoplist did not make"), "\(refused)")
    #expect(
      try cluster.psql(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables"
          + " WHERE table_schema = 'shoplist'", database: Self.database(of: foreignURL))
        == "ledger\n")
  }

  /// The database name at the end of a URL.
  static func database(of url: String) -> String {
    String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
  }
}
