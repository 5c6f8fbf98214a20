import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built binary on PostgreSQL when the database itself fails: stopped and started again
/// under writers, a command killed in the middle of its transaction, a server's LISTEN across
/// a restart. Each test has a cluster of its own, which it may stop without disturbing the
/// others'.
@Suite(.offThePool, .serialized, .enabled(if: Engine.all.contains(.postgres)), .sqlitePass)
struct PostgresFaultTests {
  /// A dedicated cluster on loopback, a database on it, and a shoplist whose `SHOPLIST_DB`
  /// names that database.
  final class Database {
    let cluster: PostgresCluster
    let name: String
    let shoplist: Shoplist

    init() throws {
      cluster = try PostgresCluster.dedicated()
      do {
        let url = try cluster.makeDatabase()
        name = PostgresFailureTests.database(of: url)
        var shoplist = try Shoplist()
        shoplist.environment["SHOPLIST_DB"] = url
        self.shoplist = shoplist
      } catch {
        cluster.discard()
        throw error
      }
    }

    deinit { cluster.discard() }

    /// `SQL`'s answer from the database, through the cluster's socket file.
    func sql(_ sql: String) throws -> String {
      try cluster.psql(sql, database: name).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The condition on `pg_stat_activity` that picks the sessions of shoplist's processes.
    var sessions: String { "datname = '\(name)' AND pid <> pg_backend_pid()" }

    /// Waits up to `seconds` for `sql` to answer `expected`.
    func waitFor(_ sql: String, toBe expected: String, within seconds: Double) throws {
      let deadline = Date().addingTimeInterval(seconds)
      var answer = try self.sql(sql)
      while answer != expected, Date() < deadline {
        usleep(20_000)
        answer = try self.sql(sql)
      }
      if answer != expected {
        throw Shoplist.Failure("\(sql) answered \(answer), not \(expected), after \(seconds) s")
      }
    }
  }

  // MARK: - Stopped and started under writers

  /// One `add` of three items by a writer, and how it ended.
  struct Attempt: Sendable {
    let names: [String]
    let status: Int32
    let stderr: String
    let started: Date
  }

  /// PostgreSQL stopped at once (a crash, to it) and started again, three times, while four
  /// command lines keep adding, three items a command: every command ends (none waits forever) and
  /// succeeds or fails with 69 (the server cannot be reached) or 74 (the connection was lost),
  /// with one line on stderr in shoplist's words; the list holds exactly the items of the commands that succeeded,
  /// all three of each, and the history one entry for each; and once the server is back,
  /// commands succeed again.
  @Test func writersThroughACrashAndRestartSucceedOrFailWholly() throws {
    let database = try Database()
    try database.shoplist.ok("list")
    let shoplist = database.shoplist
    let back = Mutex<Date?>(nil)
    let attempts = Mutex<[Int: [Attempt]]>([:])
    let done = DispatchGroup()
    let writers = 4
    let deadline = Date().addingTimeInterval(60)
    for writer in 0..<writers {
      done.enter()
      Thread {
        var mine: [Attempt] = []
        var number = 0
        // Until three commands begun after the restart succeeded (or time is up).
        while Date() < deadline, number < 1_000 {
          let backAt = back.withLock { $0 }
          let afterwards = mine.filter { attempt in
            backAt.map { attempt.started > $0 && attempt.status == 0 } ?? false
          }
          if afterwards.count >= 3 { break }
          number += 1
          let names = ["a", "b", "c"].map { "w\(writer)-\(number)-\($0)" }
          let started = Date()
          // A command still running after 20 s is killed, and shows as 9 (SIGKILL).
          let result = try? shoplist.runTool(
            "/usr/bin/timeout", ["-s", "KILL", "20", Shoplist.binary.path, "add"] + names)
          let attempt = Attempt(
            names: names, status: result?.status ?? -1,
            stderr: result?.stderr ?? "could not start", started: started)
          mine.append(attempt)
          attempts.withLock { $0[writer, default: []].append(attempt) }
          usleep(20_000)
        }
        done.leave()
      }.start()
    }
    // Three crashes, each catching the writers wherever they are: connecting, between two
    // statements of a transaction, waiting for the lock, committing.
    for _ in 1...3 {
      Thread.sleep(forTimeInterval: 0.8)
      try database.cluster.stop(mode: "immediate")
      Thread.sleep(forTimeInterval: 0.5)
      try database.cluster.start()
    }
    back.withLock { $0 = Date() }
    #expect(done.wait(timeout: .now() + 90) == .success, "the writers did not finish")

    let all = attempts.withLock { $0 }.values.flatMap { $0 }
    let backAt = try #require(back.withLock { $0 })
    for attempt in all {
      let begun = attempt.started.timeIntervalSince(backAt)
      #expect(
        [0, 69, 74].contains(attempt.status),
        "\(attempt.names), begun \(begun) s from the last restart: exit \(attempt.status)")
      if attempt.status != 0 {
        let lines = attempt.stderr.split(separator: "\n")
        #expect(
          lines.count == 1 && lines[0].hasPrefix("shoplist: "),
          "\(attempt.names): \(attempt.stderr)")
        #expect(LibraryText.found(in: attempt.stderr).isEmpty, "\(attempt.stderr)")
      }
    }
    let succeeded = all.filter { $0.status == 0 }
    let failed = all.filter { $0.status != 0 }
    #expect(!failed.isEmpty, "no command met the stopped server")
    #expect(succeeded.contains { $0.started < backAt }, "no command succeeded before the stop")
    for writer in 0..<writers {
      let again = succeeded.filter { $0.started > backAt && $0.names[0].hasPrefix("w\(writer)-") }
      #expect(again.count >= 3, "writer \(writer): \(again.count) successes after the restart")
    }

    // A commit whose answer the stop cut off is asked about once the server is back, and
    // reported as it went; only a server that stays away past the wait leaves it in doubt,
    // and then the command says that the change may have been saved.
    let inDoubt = failed.filter { $0.stderr.contains("may have been saved") }
    let listed = try database.shoplist.run("list", "--json")
    let names = try listed.itemNames()
    #expect(names.count == Set(names).count, "an item twice: \(names)")
    let saved = Set(succeeded.flatMap(\.names))
    #expect(Set(names).isSuperset(of: saved), "\(listed.stdout)")
    #expect(
      Set(names).isSubset(of: saved.union(inDoubt.flatMap(\.names))),
      "a failed command's item was saved: \(listed.stdout)")
    let history = try database.shoplist.run("history", "--json", "--limit", "1000")
    let entries = try #require(history.json()["history"] as? [[String: Any]], "\(history)")
    #expect(
      (succeeded.count...(succeeded.count + inDoubt.count)).contains(entries.count),
      "\(entries.count) entries for \(succeeded.count) commands that succeeded")
  }

  // MARK: - Killed in the middle

  /// A large import killed (SIGKILL) while its transaction is open and has written rows:
  /// nothing of it stays, the lock every write takes is free again, and the next commands
  /// succeed at once.
  @Test func anImportKilledInItsTransactionLeavesNothing() throws {
    let database = try Database()
    let shoplist = database.shoplist
    try shoplist.ok("add", "Milk")
    let rows = (1...40_000).map { "bulk item \($0),\($0 % 7 + 1),,pantry" }
    let csv = try shoplist.file(
      "bulk.csv", (["name,quantity,unit,category"] + rows).joined(separator: "\n") + "\n")

    let process = Subprocess()
    process.executableURL = Shoplist.binary
    process.arguments = ["import", csv]
    process.environment = shoplist.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    // The import's transaction has begun writing (it has a transaction id) and holds the
    // write lock.
    let writing =
      "SELECT count(*) FROM pg_stat_activity WHERE \(database.sessions)"
      + " AND backend_xid IS NOT NULL"
      + " AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)"
    try database.waitFor(writing, toBe: "1", within: 20)
    #expect(process.isRunning, "the import ended before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)

    // PostgreSQL notices the dead connection and rolls its transaction back.
    try database.waitFor(
      "SELECT count(*) FROM pg_stat_activity WHERE \(database.sessions)", toBe: "0", within: 10)
    #expect(try database.sql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "0")
    #expect(try database.sql("SELECT count(*) FROM shoplist.product") == "1")
    #expect(try shoplist.names() == ["Milk"])
    let history = try shoplist.run("history", "--json")
    #expect((try history.json()["history"] as? [[String: Any]])?.count == 1, "\(history)")

    let start = Date()
    try shoplist.ok("add", "Tea")
    #expect(Date().timeIntervalSince(start) < 3, "the next write waited for a lock")
    let small = try shoplist.file("small.csv", "name,quantity\nbulk item 1,2\nbulk item 2,3\n")
    try shoplist.ok("import", small)
    #expect(try shoplist.names() == ["Milk", "Tea", "bulk item 1", "bulk item 2"])
  }

  // MARK: - serve across a restart

  /// `shoplist serve` with an event stream open while PostgreSQL stops (politely, or at once
  /// as in a crash) and starts again: the server answers requests once the database is back,
  /// a change made then reaches the stream within a few seconds, and once the server listens
  /// again, a change reaches the stream within a second, through NOTIFY.
  @Test(arguments: ["fast", "immediate"])
  func serveListensAgainAfterTheDatabaseRestarts(mode: String) throws {
    let database = try Database()
    let shoplist = database.shoplist
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist)
    defer { _ = server.stop(SIGKILL) }
    let (stream, events) = try ServeTests.connectedStream(server, of: shoplist)
    defer { kill(stream.processIdentifier, SIGKILL) }
    let listening =
      "SELECT count(*) FROM pg_stat_activity WHERE \(database.sessions) AND query LIKE 'LISTEN%'"
    try database.waitFor(listening, toBe: "1", within: 5)

    try database.cluster.stop(mode: mode)
    try database.cluster.start()

    // The server answers, at once.
    let shopping = try server.request("GET", "/api/lists/shopping")
    #expect(shopping.status == 200 && shopping.body.contains("Milk"), "\(shopping)")

    // A change made as soon as the database is back reaches the stream.
    try shoplist.ok("add", "Cake", "--list", "party")
    try ServeTests.waitForChange(to: "party", in: events)

    // The server listens again; a change now reaches the stream within a second of the
    // command's commit (which is its last step).
    try database.waitFor(listening, toBe: "1", within: 5)
    try ServeTests.expectChange(to: "picnic", in: events) {
      try shoplist.ok("add", "Plums", "--list", "picnic")
    }

    // And the server writes again.
    let added = try server.request("POST", "/api/lists/shopping/items", json: #"{"name": "Tea"}"#)
    #expect(added.status == 200 || added.status == 201, "\(added)")
    #expect(try shoplist.names() == ["Milk", "Tea"])
  }
}
