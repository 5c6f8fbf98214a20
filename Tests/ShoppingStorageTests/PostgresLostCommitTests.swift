import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import ShoppingPostgres
import ShoppingStorage
import Testing

/// A write whose connection is lost while its commit is on the server: the storage asks the
/// server, on a new connection, what became of the transaction, and reports the write as it
/// went — saved, or not written at all — and says "may have been saved" only when the server
/// cannot be asked within the wait. The connection runs through a proxy the test cuts while
/// the server is held in the commit (a deferred trigger that sleeps there).
@Suite(.enabled(if: StorageKind.all.contains(.postgres)), .offThePool, .serialized)
struct PostgresLostCommitTests {
  @Test func aCommitWhoseAnswerWasLostIsAskedAboutAndReportedSaved() throws {
    let setup = try LostCommit()
    defer { setup.close() }
    let cutter = setup.cutDuringCommit()

    try setup.storage.write { try $0.execute(week) }

    cutter.join()
    #expect(cutter.cut, "the connection was not cut during the commit")
    #expect(try setup.storage.read { try $0.listSummaries() }.map(\.name) == ["Week"])
    #expect(try setup.storage.read { try $0.history(limit: 10) }.count == 1)
  }

  @Test func aCommitTheServerNeverFinishedFailsAndLeavesNothing() throws {
    let setup = try LostCommit()
    defer { setup.close() }
    let cutter = setup.cutDuringCommit(endingTheTransaction: true)

    let error = databaseError { try setup.storage.write { try $0.execute(week) } }

    cutter.join()
    #expect(cutter.cut, "the connection was not cut during the commit")
    #expect(error?.message.contains("nothing of this command was written") == true, "\(error)")
    #expect(try setup.storage.read { try $0.listSummaries() }.isEmpty)
    #expect(try setup.storage.read { try $0.history(limit: 10) }.isEmpty)
  }

  @Test func aServerThatCannotBeAskedInTimeLeavesTheWriteInDoubtAndSaysSo() throws {
    let setup = try LostCommit(busyTimeout: .milliseconds(500))
    defer { setup.close() }
    let cutter = setup.cutDuringCommit(refusingNewConnections: true)

    let error = databaseError { try setup.storage.write { try $0.execute(week) } }

    cutter.join()
    #expect(error?.reason == .unreachable, "\(error)")
    #expect(error?.message.contains("the change may have been saved") == true, "\(error)")
    // And it was: the server finished the commit after the command gave up asking.
    let direct = try PostgresStorage(url: setup.direct)
    let deadline = ContinuousClock.now + .seconds(20)
    while try direct.read({ try $0.listSummaries() }).isEmpty, ContinuousClock.now < deadline {
      usleep(50_000)
    }
    #expect(try direct.read { try $0.listSummaries() }.map(\.name) == ["Week"])
  }
}

/// A database whose commits of history entries are held for a while on the server, and a
/// storage that reaches it through a proxy that can cut its connections.
private final class LostCommit: Sendable {
  let cluster: PostgresCluster
  let database: String
  /// The database's URL, straight to the server.
  let direct: PostgresURL
  let storage: PostgresStorage
  private let proxy: Subprocess
  private let control: Pipe
  private let script: URL

  /// How long the server holds each commit that writes a history entry.
  static let held = 3.0

  init(busyTimeout: Duration = .seconds(10)) throws {
    guard let cluster = PostgresCluster.shared else {
      throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
    }
    self.cluster = cluster
    direct = try PostgresURL(try cluster.makeDatabase())
    database = direct.database
    _ = try PostgresStorage(url: direct)  // made and migrated
    try cluster.psql(
      """
      CREATE FUNCTION shoplist.held_commit() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(\(Self.held)); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER held_commit AFTER INSERT ON shoplist.history
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shoplist.held_commit();
      """, database: database)
    script = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-proxy-\(UUID().uuidString).py")
    try Self.proxyScript.write(to: script, atomically: true, encoding: .utf8)
    proxy = Subprocess()
    proxy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    proxy.arguments = ["python3", script.path, cluster.addresses[0], "\(cluster.port)"]
    control = Pipe()
    let output = Pipe()
    proxy.standardInput = control
    proxy.standardOutput = output
    try proxy.run()
    let port = output.fileHandleForReading.firstLine(within: 10)
    guard Int(port) != nil else { throw PostgresCluster.Failure("the proxy said \(port)") }
    let proxied = cluster.url(database: database, host: "127.0.0.1")
      .replacingOccurrences(of: ":\(cluster.port)/", with: ":\(port)/")
    storage = try PostgresStorage(url: try PostgresURL(proxied), busyTimeout: busyTimeout)
  }

  /// A thread that waits for the storage's commit to be held on the server, then cuts the
  /// proxy's connections; with `endingTheTransaction`, it ends the server's side too (the
  /// commit is never finished); with `refusingNewConnections`, the proxy takes no more.
  func cutDuringCommit(
    endingTheTransaction: Bool = false, refusingNewConnections: Bool = false
  ) -> Cutter {
    let cutter = Cutter()
    let thread = Thread { [self] in
      let committing = """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = '\(database)' AND state = 'active' AND query = 'COMMIT'
        """
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline {
        if (try? cluster.psql(committing))?.trimmingCharacters(in: .whitespacesAndNewlines)
          == "1"
        {
          let command = refusingNewConnections ? "cut and close\n" : "cut\n"
          control.fileHandleForWriting.write(Data(command.utf8))
          if endingTheTransaction {
            _ = try? cluster.psql(
              """
              SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = '\(database)' AND query = 'COMMIT'
              """)
          }
          cutter.cut = true
          break
        }
        usleep(20_000)
      }
      cutter.done.signal()
    }
    thread.start()
    return cutter
  }

  func close() {
    proxy.terminate()
    proxy.waitUntilExit()
    try? FileManager.default.removeItem(at: script)
  }

  /// The cutting thread's account.
  final class Cutter: @unchecked Sendable {
    var cut = false
    let done = DispatchSemaphore(value: 0)

    func join() { done.wait() }
  }

  /// A TCP proxy to HOST PORT that prints its own port, then on "cut" closes every connection
  /// it forwards, and on "cut and close" also stops taking new ones.
  static let proxyScript = """
    import socket, sys, threading

    target = (sys.argv[1], int(sys.argv[2]))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    clients, lock = [], threading.Lock()

    def pump(source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def serve():
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(target)
            with lock:
                clients.append(client)
            threading.Thread(target=pump, args=(client, server), daemon=True).start()
            threading.Thread(target=pump, args=(server, client), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    for line in sys.stdin:
        with lock:
            for client in clients:
                try:
                    client.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            clients.clear()
        if line.strip() == "cut and close":
            listener.shutdown(socket.SHUT_RDWR)  # wakes the accept, refuses the next ones
    """
}
