import Foundation
import Synchronization
#if canImport(Testing)
  import Testing
#endif

/// A throwaway PostgreSQL cluster for one test run: `initdb` into a temporary folder (as the
/// `postgres` user when the tests run as root, since PostgreSQL refuses root), started on a free
/// loopback port with password authentication, stopped when the test process exits. Each test
/// takes a database of its own (``makeDatabase()``).
///
/// A test that stops and starts PostgreSQL, or runs it on another address (in a network
/// namespace of its own), takes a ``dedicated(addresses:clients:launcher:)`` cluster instead,
/// leaving ``shared`` to everyone else.
public final class PostgresCluster: Sendable {
  /// The superuser the tests connect as, and its password.
  public static let user = "shoplist_test"
  public static let password = "correct horse battery staple"

  public let folder: URL
  public let port: Int
  /// The addresses it listens on; its URLs name the first unless told otherwise.
  public let addresses: [String]
  /// Where the server's programs are (`initdb`, `pg_ctl`, `postgres`).
  public let bin: URL
  /// The command its server programs run under (`ip netns exec NS`), if any.
  private let launcher: [String]
  /// Whether a commit waits for its WAL record to be written: on for a cluster that is stopped
  /// abruptly, so that a commit reported is a commit kept.
  private let synchronousCommit: Bool

  /// The cluster, started on first use; nil when PostgreSQL is not installed.
  public static var shared: PostgresCluster? {
    started.withLock { started in
      if let started { return started }
      let cluster = try? PostgresCluster()
      started = .some(cluster)
      return cluster
    }
  }

  private static let started = Mutex<PostgresCluster??>(nil)
  private static let counter = Atomic<Int>(0)

  /// The folder of PostgreSQL's server programs, newest version first, if installed.
  public static var installedBin: URL? {
    let root = URL(fileURLWithPath: "/usr/lib/postgresql")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
      .map { root.appending(path: "\($0)/bin") }
      .first { FileManager.default.isExecutableFile(atPath: $0.appending(path: "initdb").path) }
  }

  /// A cluster of its own, for a test that stops and starts it (``stop(mode:)``, ``start()``)
  /// or reaches it over another network, without disturbing ``shared``. It commits
  /// synchronously, so that an immediate stop (a crash, to PostgreSQL) keeps every commit it
  /// reported. ``discard()`` ends it; whatever is left is stopped when the test process exits.
  ///
  /// - Parameters:
  ///   - addresses: The addresses it listens on (only there: no other, loopback included).
  ///   - clients: Networks (`10.1.2.0/24`) allowed to log in with a password, besides loopback.
  ///   - launcher: The command its server runs under, e.g. `["ip", "netns", "exec", "db"]` to
  ///     run it in a network namespace.
  public static func dedicated(
    addresses: [String] = ["127.0.0.1"], clients: [String] = [], launcher: [String] = []
  ) throws -> PostgresCluster {
    try PostgresCluster(
      addresses: addresses, clients: clients, launcher: launcher, synchronousCommit: true)
  }

  private init(
    addresses: [String] = ["127.0.0.1"], clients: [String] = [], launcher: [String] = [],
    synchronousCommit: Bool = false
  ) throws {
    guard let bin = Self.installedBin else { throw Failure("PostgreSQL is not installed") }
    self.bin = bin
    self.addresses = addresses
    self.launcher = launcher
    self.synchronousCommit = synchronousCommit
    folder = URL(fileURLWithPath: "/tmp/shoplist-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let passwordFile = folder.appending(path: "password")
    try Data(Self.password.utf8).write(to: passwordFile)
    port = Self.freePort()
    if geteuid() == 0 {
      try Self.run(["chown", "-R", "postgres:postgres", folder.path])
    }
    Self.stopAtExit(self)
    try runAsOwner([
      bin.appending(path: "initdb").path, "-D", folder.appending(path: "data").path,
      "-U", Self.user, "--pwfile", passwordFile.path, "--auth-host=scram-sha-256",
      "--auth-local=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
    ])
    if !clients.isEmpty {
      let rules = clients.map { "host all all \($0) scram-sha-256\n" }.joined()
      let file = try FileHandle(forWritingTo: folder.appending(path: "data/pg_hba.conf"))
      defer { try? file.close() }
      try file.seekToEnd()
      try file.write(contentsOf: Data(rules.utf8))
    }
    try start()
  }

  /// A file every cluster of the run logs each statement it receives to, when
  /// `SHOPLIST_TEST_PG_STATEMENT_LOG` names one: to compare which statements two selections of
  /// tests send (what the PostgreSQL pass covers beside the conformance kit).
  static let statementLog: String? = {
    guard let path = ProcessInfo.processInfo.environment["SHOPLIST_TEST_PG_STATEMENT_LOG"],
      !path.isEmpty
    else { return nil }
    // The server writes it as its own user.
    _ = FileManager.default.createFile(
      atPath: path, contents: nil, attributes: [.posixPermissions: 0o666])
    return path
  }()

  /// Starts the server (again), and waits until it accepts connections.
  public func start() throws {
    try runAsOwner([
      bin.appending(path: "pg_ctl").path, "-D", folder.appending(path: "data").path,
      "-l", Self.statementLog ?? folder.appending(path: "log").path, "-w", "-t", "60",
      "-o",
      "-p \(port) -k \(folder.path) -c listen_addresses=\(addresses.joined(separator: ","))"
        + " -c fsync=off -c synchronous_commit=\(synchronousCommit ? "on" : "off")"
        + " -c full_page_writes=off -c max_connections=200"
        + (Self.statementLog == nil ? "" : " -c log_statement=all -c log_line_prefix=%d@"),
      "start",
    ])
  }

  /// Stops the server and waits until it is gone: `fast` ends every session politely first,
  /// `immediate` kills the server as a crash would (it recovers from its log when started).
  public func stop(mode: String = "fast") throws {
    try runAsOwner([
      bin.appending(path: "pg_ctl").path, "-D", folder.appending(path: "data").path,
      "-m", mode, "-w", "-t", "60", "stop",
    ])
  }

  /// Stops the server at once and removes its folder now rather than when the process exits:
  /// the end of a dedicated cluster, or of one a program that goes on with other work (the
  /// benchmark) no longer needs. The cluster cannot be used after it.
  public func discard() {
    let command = stopCommand
    Self.toStop.withLock { $0.removeAll { $0 == command } }
    _ = system(command)
  }

  /// The test running on this task, where Swift Testing is built in: not in the benchmark's
  /// static release build, whose toolchain has no static Testing module.
  private static var currentTest: String? {
    #if canImport(Testing)
      Test.current?.id.description
    #else
      nil
    #endif
  }

  /// A new, empty database's URL.
  public func makeDatabase() throws -> String {
    let name = "shoplist_\(getpid())_\(Self.counter.add(1, ordering: .relaxed).newValue)"
    try psql("CREATE DATABASE \(name)")
    if let log = Self.statementLog {
      // Which test the database's statements are sent for.
      let line = "\(name)|\(Self.currentTest ?? "?")\n"
      // Appended (O_APPEND) in one write: tests make databases side by side.
      if let file = fopen(log + ".databases", "a") {
        fputs(line, file)
        fclose(file)
      }
    }
    return url(database: name)
  }

  /// The URL of `database` on this cluster, at `host` (its first address unless told).
  public func url(
    database: String, password: String = PostgresCluster.password, host: String? = nil
  ) -> String {
    let secret = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let host = host ?? addresses[0]
    return "postgres://\(Self.user):\(secret)@\(host):\(port)/\(database)?sslmode=disable"
  }

  /// Runs `sql` through `psql` on the `postgres` database (or `database`).
  @discardableResult
  public func psql(_ sql: String, database: String = "postgres") throws -> String {
    try Self.run(
      [
        "psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p",
        "\(port)", "-U", Self.user, "-d", database, "-c", sql,
      ])
  }

  /// Runs a server program as the cluster's owner, under the cluster's launcher.
  private func runAsOwner(_ arguments: [String]) throws {
    try Self.run(
      launcher + (geteuid() == 0 ? ["runuser", "-u", "postgres", "--"] : []) + arguments)
  }

  /// Runs `arguments` through the shell, returning what it printed. Through `system`, which
  /// waits for its own child, with the output in a file: the server `pg_ctl start` leaves
  /// running would hold a pipe open. And with every descriptor but the three standard ones
  /// closed first: `system` hands its child all of this process's, and the server would keep
  /// whatever the test had open at that moment, such as the descriptor by which Foundation
  /// learns that another thread's `Process` has ended, whose wait would then last until the
  /// server stops.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let file = FileManager.default.temporaryDirectory.appending(path: "pg-out-\(UUID())")
    defer { try? FileManager.default.removeItem(at: file) }
    let closing =
      "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && exec {n}>&-; done; exec \"$@\""
    let command =
      (["/bin/bash", "-c", closing, "bash"] + arguments).map(quoted).joined(separator: " ")
      + " </dev/null >\(file.path) 2>&1"
    let status = system(command)
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure("\(arguments.joined(separator: " ")) failed (\(status)): \(text)")
    }
    return text
  }

  /// `text` quoted for the shell.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A loopback port nobody listens on now.
  public static func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length)
        return getsockname(fd, $0, &length)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static let toStop = Mutex<[String]>([])

  /// What stops the server at once and removes its folder, as a shell command; harmless when
  /// run again. A signal stops the server wherever it runs, so no launcher is needed.
  private var stopCommand: String {
    (geteuid() == 0 ? "runuser -u postgres -- " : "")
      + "\(bin.path)/pg_ctl -D \(folder.path)/data -m immediate stop"
      + " >/dev/null 2>&1; rm -rf \(folder.path)"
  }

  private static func stopAtExit(_ cluster: PostgresCluster) {
    let command = cluster.stopCommand
    let first = toStop.withLock { commands in
      commands.append(command)
      return commands.count == 1
    }
    if first {
      atexit {
        for command in PostgresCluster.toStop.withLock({ $0 }) {
          _ = system(command)
        }
      }
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }
}
