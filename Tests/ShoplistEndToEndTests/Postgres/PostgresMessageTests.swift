import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every way the PostgreSQL tests make a command fail, told in shoplist's words: one line on
/// stderr with the contract's exit status, and none of a library's own text (its types,
/// cases and functions mean nothing to the person reading).
@Suite(.offThePool, .serialized, .enabled(if: Engine.all.contains(.postgres)), .sqlitePass)
struct PostgresMessageTests {
  /// Checks that `result` failed with `status` in one line of shoplist's own words that says
  /// `words`.
  func expectRefusal(
    _ result: Shoplist.Result, _ status: Int32, saying words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(
      lines.count == 1 && lines[0].hasPrefix("shoplist: "), "\(result)",
      sourceLocation: sourceLocation)
    #expect(result.stderr.contains(words), "\(result)", sourceLocation: sourceLocation)
    #expect(
      LibraryText.found(in: result.stderr).isEmpty, "\(result.stderr)",
      sourceLocation: sourceLocation)
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func connectingFailuresAreToldInShoplistsWords() throws {
    let cluster = try Engine.cluster()
    let shoplist = try Shoplist()
    let database = PostgresFailureTests.database(of: try cluster.makeDatabase())
    let user = PostgresCluster.user
    let secret = PostgresCluster.password
    let port = cluster.port

    let nobody = "postgres://\(user):\(secret)@127.0.0.1:\(PostgresCluster.freePort())/x"
    expectRefusal(
      try shoplist.run("list", "--db", nobody + "?sslmode=disable"), 69,
      saying: "the server refused the connection")
    expectRefusal(
      try shoplist.run("list", "--db", "postgres://\(user):\(secret)@no-such-host.invalid/x"), 69,
      saying: "cannot reach database")
    expectRefusal(
      try shoplist.run("list", "--db", cluster.url(database: database, password: "wrong-one")),
      77, saying: "the password is wrong")
    #expect(shoplist.environment["PGPASSWORD"] == nil)
    expectRefusal(
      try shoplist.run(
        "list", "--db", "postgres://\(user)@127.0.0.1:\(port)/\(database)?sslmode=disable"),
      77, saying: "asks for a password")
    expectRefusal(
      try shoplist.run("list", "--db", cluster.url(database: "no_such_database")), 74,
      saying: "the server has no such database")
    let plain = "postgres://\(user):\(secret)@127.0.0.1:\(port)/\(database)"
    expectRefusal(
      try shoplist.run("list", "--db", plain + "?sslmode=require"), 69,
      saying: "does not offer TLS")
    expectRefusal(
      try shoplist.run("list", "--db", nobody + "?sslmode=bogus"), 64, saying: "sslmode")
  }

  /// Something on the port that takes the connection and drops it before PostgreSQL's
  /// greeting — a server dying as it starts, another program on its port — whether it closes
  /// (FIN) or resets (RST) the connection.
  @Test(.runningTimeLimit(.seconds(60)), arguments: [false, true])
  func aServerThatDropsTheConnectionAtOnceIsToldInShoplistsWords(resetting: Bool) throws {
    let shoplist = try Shoplist()
    let listener = try DroppingListener(resetting: resetting)
    defer { listener.stop() }
    for mode in ["disable", "prefer"] {
      let url = "postgres://ana:secret@127.0.0.1:\(listener.port)/home?sslmode=\(mode)"
      expectRefusal(try shoplist.run("list", "--db", url), 69, saying: "cannot reach database")
    }
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func aSessionEndedByTheServerMidCommandIsToldInShoplistsWords() throws {
    let database = try PostgresFaultTests.Database()
    let shoplist = database.shoplist
    try shoplist.ok("add", "Milk")
    let rows = (1...40_000).map { "bulk item \($0),\($0 % 7 + 1)" }
    let csv = try shoplist.file(
      "bulk.csv", (["name,quantity"] + rows).joined(separator: "\n") + "\n")

    // An import whose transaction has begun writing, when the server ends its session.
    let importing = Thread.detachedResult { try shoplist.run("import", csv) }
    try database.waitFor(
      "SELECT count(*) FROM pg_stat_activity WHERE \(database.sessions)"
        + " AND backend_xid IS NOT NULL", toBe: "1", within: 20)
    _ = try database.sql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE \(database.sessions)")
    expectRefusal(try importing.value(), 74, saying: "the connection to the server was lost")

    // An import running when the server stops at once, and a command while it is down.
    let stopped = Thread.detachedResult { try shoplist.run("import", csv) }
    try database.waitFor(
      "SELECT count(*) FROM pg_stat_activity WHERE \(database.sessions)"
        + " AND backend_xid IS NOT NULL", toBe: "1", within: 20)
    try database.cluster.stop(mode: "immediate")
    let cut = try stopped.value()
    #expect([69, 74].contains(cut.status), "\(cut)")
    expectRefusal(cut, cut.status, saying: "database")
    expectRefusal(try shoplist.run("list"), 69, saying: "the server refused the connection")

    // Back again, nothing of either import is there.
    try database.cluster.start()
    #expect(try shoplist.names() == ["Milk"])
  }
}

extension Thread {
  /// Runs `body` on a thread of its own, for a command that must be running while the test
  /// does something to its database.
  static func detachedResult<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T
  ) -> DetachedResult<T> {
    let result = DetachedResult<T>()
    Thread { result.finish(Result(catching: body)) }.start()
    return result
  }
}

/// The outcome of a ``Foundation/Thread/detachedResult(_:)``, waited for.
final class DetachedResult<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var outcome: Result<T, any Error>?

  func finish(_ outcome: Result<T, any Error>) {
    self.outcome = outcome
    done.signal()
  }

  /// The value, once the thread is done (within a minute).
  func value() throws -> T {
    guard done.wait(timeout: .now() + 60) == .success, let outcome else {
      throw Shoplist.Failure("the command did not end within a minute")
    }
    return try outcome.get()
  }
}

/// A port that takes every connection and drops it at once: closed, or reset.
final class DroppingListener: @unchecked Sendable {
  let descriptor: Int32
  let port: Int

  init(resetting: Bool) throws {
    guard let (descriptor, port) = LoopbackSocket.bound() else {
      throw Shoplist.Failure("cannot bind on loopback")
    }
    guard listen(descriptor, 16) == 0 else {
      close(descriptor)
      throw Shoplist.Failure("cannot listen on loopback")
    }
    self.descriptor = descriptor
    self.port = port
    let listening = descriptor
    Thread {
      while true {
        let connection = accept(listening, nil, nil)
        if connection < 0 { return }
        if resetting {
          var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
          setsockopt(
            connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(connection)
      }
    }.start()
  }

  func stop() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    close(descriptor)
  }
}
