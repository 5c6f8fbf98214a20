import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster for one test run: `initdb` into a temporary folder (as the
/// `postgres` user when the tests run as root, since PostgreSQL refuses root), started on a free
/// loopback port with password authentication, stopped when the test process exits. Each test
/// takes a database of its own (``makeDatabase()``).
public final class PostgresCluster: Sendable {
  /// The superuser the tests connect as, and its password.
  public static let user = "shoplist_test"
  public static let password = "correct horse battery staple"

  public let folder: URL
  public let port: Int
  /// Where the server's programs are (`initdb`, `pg_ctl`, `postgres`).
  public let bin: URL

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

  private init() throws {
    guard let bin = Self.installedBin else { throw Failure("PostgreSQL is not installed") }
    self.bin = bin
    folder = URL(fileURLWithPath: "/tmp/shoplist-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let passwordFile = folder.appending(path: "password")
    try Data(Self.password.utf8).write(to: passwordFile)
    port = Self.freePort()
    if geteuid() == 0 {
      try Self.run(["chown", "-R", "postgres:postgres", folder.path])
    }
    try runAsOwner([
      bin.appending(path: "initdb").path, "-D", folder.appending(path: "data").path,
      "-U", Self.user, "--pwfile", passwordFile.path, "--auth-host=scram-sha-256",
      "--auth-local=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
    ])
    try runAsOwner([
      bin.appending(path: "pg_ctl").path, "-D", folder.appending(path: "data").path,
      "-l", folder.appending(path: "log").path, "-w", "-t", "60",
      "-o",
      "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off"
        + " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
      "start",
    ])
    Self.stopAtExit(self)
  }

  /// A new, empty database's URL.
  public func makeDatabase() throws -> String {
    let name = "shoplist_\(getpid())_\(Self.counter.add(1, ordering: .relaxed).newValue)"
    try psql("CREATE DATABASE \(name)")
    return url(database: name)
  }

  /// The URL of `database` on this cluster.
  public func url(database: String, password: String = PostgresCluster.password) -> String {
    let secret = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    return "postgres://\(Self.user):\(secret)@127.0.0.1:\(port)/\(database)?sslmode=disable"
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

  private func runAsOwner(_ arguments: [String]) throws {
    if geteuid() == 0 {
      try Self.run(["runuser", "-u", "postgres", "--"] + arguments)
    } else {
      try Self.run(arguments)
    }
  }

  /// Runs `arguments` through the shell, returning what it printed. Through `system`, which
  /// waits for its own child, with the output in a file: the server `pg_ctl start` leaves
  /// running would hold a pipe open.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let file = FileManager.default.temporaryDirectory.appending(path: "pg-out-\(UUID())")
    defer { try? FileManager.default.removeItem(at: file) }
    let command = arguments.map(quoted).joined(separator: " ") + " >\(file.path) 2>&1"
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

  /// Stops the server and removes its folder now rather than when the process exits, for a
  /// program that goes on with other work (the benchmark). The cluster cannot be used after it,
  /// and ``shared`` does not start another.
  public func stop() {
    let command = Self.stopCommand(self)
    Self.toStop.withLock { $0.removeAll { $0 == command } }
    _ = system(command)
  }

  private static let toStop = Mutex<[String]>([])

  /// The shell command that stops `cluster` at once and removes its folder.
  private static func stopCommand(_ cluster: PostgresCluster) -> String {
    (geteuid() == 0 ? "runuser -u postgres -- " : "")
      + "\(cluster.bin.path)/pg_ctl -D \(cluster.folder.path)/data -m immediate stop"
      + " >/dev/null 2>&1; rm -rf \(cluster.folder.path)"
  }

  private static func stopAtExit(_ cluster: PostgresCluster) {
    let command = stopCommand(cluster)
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
