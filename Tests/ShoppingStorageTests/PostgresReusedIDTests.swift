import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingStorage
import Testing

@testable import ShoppingPostgres

/// What became of a write whose connection was lost as it committed is asked by its token, not
/// by its transaction id alone: after a crash, an id whose transaction never reached the log is
/// handed out again, and the transaction that gets it may commit — which the id's status then
/// reports. Seen in the crash-and-restart test: a command reported saved whose items were not.
@Suite(.enabled(if: StorageKind.all.contains(.postgres)), .offThePool, .serialized)
struct PostgresReusedIDTests {
  @Test func aTransactionLostInACrashIsNotTakenForTheOneThatGotItsIDAfterwards() throws {
    let server = try CrashingServer()
    defer { server.cluster.discard() }

    // A transaction that wrote a row is open when the server crashes; nothing of it was
    // logged (the log is written at commits only, here).
    let lost = try server.openTransactionThenCrash()
    // Back up, the server hands its id out again: the next transactions commit under it.
    var reused = false
    for _ in 0..<5 where !reused {
      try server.cluster.psql("UPDATE shoplist.version SET value = value", database: server.name)
      reused = try server.status(of: lost) == "committed"
    }
    try #require(reused, "the crashed transaction's id was not handed out again")

    #expect(server.storage.outcome(of: .init(id: lost, token: UUID())) == .notCommitted)
  }

  @Test func aTransactionLostInACrashWhoseIDIsNotHandedOutYetIsNotCommitted() throws {
    let server = try CrashingServer()
    defer { server.cluster.discard() }

    let lost = try server.openTransactionThenCrash()

    // Answered at once (the id is in the future for the server), not after the wait.
    let clock = ContinuousClock()
    let started = clock.now
    #expect(server.storage.outcome(of: .init(id: lost, token: UUID())) == .notCommitted)
    #expect(clock.now - started < .seconds(5))
  }

  @Test func aCommittedTransactionIsFoundByItsToken() throws {
    let server = try CrashingServer()
    defer { server.cluster.discard() }
    let token = UUID()

    let id = try server.cluster.psql(
      """
      BEGIN;
      INSERT INTO shoplist.commit_token (token) VALUES ('\(token)');
      SELECT pg_current_xact_id();
      COMMIT;
      """, database: server.name
    ).trimmingCharacters(in: .whitespacesAndNewlines)

    #expect(server.storage.outcome(of: .init(id: id, token: token)) == .committed)
    #expect(server.storage.outcome(of: .init(id: id, token: UUID())) == .notCommitted)
  }
}

/// A database of its own cluster, whose log is written only at commits, and which can be
/// crashed with a transaction open.
private struct CrashingServer {
  let cluster: PostgresCluster
  let name: String
  let storage: PostgresStorage

  init() throws {
    cluster = try PostgresCluster.dedicated()
    let url = try PostgresURL(try cluster.makeDatabase())
    name = url.database
    storage = try PostgresStorage(url: url, busyTimeout: .seconds(10))  // made and migrated
    try cluster.psql("ALTER SYSTEM SET wal_writer_delay = '10s'")
    try cluster.psql("SELECT pg_reload_conf()")
  }

  /// Opens a transaction that writes a row, crashes the server (an immediate stop) while it
  /// is open, starts the server again, and returns the transaction's id.
  func openTransactionThenCrash() throws -> String {
    let session = Subprocess()
    session.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    session.arguments = [
      "-X", "-q", "-t", "-A", "-h", cluster.folder.path, "-p", "\(cluster.port)",
      "-U", PostgresCluster.user, "-d", name,
    ]
    let input = Pipe()
    let output = Pipe()
    session.standardInput = input
    session.standardOutput = output
    session.standardError = FileHandle.nullDevice
    try session.run()
    input.fileHandleForWriting.write(
      Data(
        "BEGIN;\nUPDATE shoplist.version SET value = value;\nSELECT pg_current_xact_id();\n"
          .utf8))
    let id = output.fileHandleForReading.firstLine(within: 20)
    try cluster.stop(mode: "immediate")
    try? input.fileHandleForWriting.close()
    session.waitUntilExit()
    try cluster.start()
    try #require(Int(id) != nil, "psql said \(id)")
    return id
  }

  /// The transaction's status as the server reports it alone.
  func status(of id: String) throws -> String {
    try cluster.psql("SELECT pg_xact_status('\(id)'::xid8)", database: name)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
