import Foundation
import ShoplistTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Several machines on this one, for tests of a household whose database lives on another
/// host: a network namespace `db` and one per host, each host joined to `db` by a veth pair of
/// its own (no bridge), on a /24 of its own. The namespaces' names and the networks are new
/// for each run, so that runs side by side do not meet; ``remove()`` deletes them all.
///
/// Nothing but the veth pairs joins them: a process in a host's namespace reaches the database
/// host only at ``Host/databaseAddress``, and the database host has no loopback at all.
final class NetworkNamespaces {
  /// One machine: a namespace, its address, and the database host's address on its link.
  struct Host: Sendable {
    let namespace: String
    let address: String
    let databaseAddress: String
    /// The network of its link, in CIDR notation.
    let network: String

    /// The command line that runs `command` in this host's namespace.
    func command(_ command: [String]) -> [String] {
      [NetworkNamespaces.ip, "netns", "exec", namespace] + command
    }

    /// `shoplist ARGUMENTS` run on this host with `shoplist`'s environment, waited for; killed
    /// after `timeLimit` seconds (its status then 137), so that a hang fails a test, not stalls
    /// it.
    func run(_ shoplist: Shoplist, _ arguments: [String], timeLimit: Int = 60) throws
      -> Shoplist.Result
    {
      try shoplist.runTool(
        NetworkNamespaces.ip,
        [
          "netns", "exec", namespace, "/usr/bin/timeout", "-s", "KILL", "\(timeLimit)",
          Shoplist.binary.path,
        ] + arguments)
    }

    /// A request to `server` (which runs on this host) from this host, through curl: the
    /// status and the body (status 0: no answer).
    func request(
      _ server: ServingShoplist, _ method: String, _ path: String, json: String? = nil
    ) throws -> (status: Int, body: String) {
      var curl = [
        "/usr/bin/curl", "-s", "-S", "-X", method, "-o", "-", "-w", "\n%{http_code}",
        "-H", "Authorization: Bearer \(server.token)", server.base + path,
      ]
      if let json { curl += ["-H", "Content-Type: application/json", "--data-binary", json] }
      let result = try server.shoplist.runTool(
        NetworkNamespaces.ip, ["netns", "exec", namespace] + curl)
      var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let status = Int(lines.popLast() ?? "") ?? 0
      return (status, status == 0 ? result.stderr : lines.joined(separator: "\n"))
    }

    /// `server`'s event stream (the server runs on this host), read from this host by curl
    /// into `file`, once it is open.
    func connectedStream(_ server: ServingShoplist, into file: URL) throws -> Subprocess {
      guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
        throw Shoplist.Failure("cannot create \(file.path)")
      }
      let curl = Subprocess()
      curl.executableURL = URL(fileURLWithPath: NetworkNamespaces.ip)
      curl.arguments = [
        "netns", "exec", namespace, "/usr/bin/curl", "-s", "-N",
        "-H", "Authorization: Bearer \(server.token)", server.base + "/api/events",
      ]
      curl.standardOutput = try FileHandle(forWritingTo: file)
      curl.standardError = FileHandle.nullDevice
      try curl.run()
      do {
        try ServeTests.waitFor("the stream to open", within: 5) {
          ServeTests.text(file).contains(": connected")
        }
      } catch {
        curl.terminate()
        throw error
      }
      return curl
    }
  }

  static let ip = "/usr/sbin/ip"

  /// Whether this machine can build them: root, and `ip`.
  static var available: Bool { geteuid() == 0 && TestTools.has(ip) }

  /// The database host's namespace.
  let database: String
  let hosts: [Host]
  private var removed = false

  /// Builds the database host and `count` hosts joined to it; on failure, removes what it
  /// built.
  init(hosts count: Int) throws {
    let run = "sl\(getpid() % 100_000)\(String(UInt16.random(in: 0...UInt16.max), radix: 36))"
    database = "\(run)-db"
    // A /24 per link, 10.A.B.0 to 10.A.(B + count - 1).0: the database host is .1, the host .2.
    let first = Int.random(in: 16...239)
    let second = Int.random(in: 0...(255 - count))
    hosts = (0..<count).map { index in
      let prefix = "10.\(first).\(second + index)"
      return Host(
        namespace: "\(run)-\(Character(UnicodeScalar(UInt8(ascii: "b") + UInt8(index))))",
        address: "\(prefix).2", databaseAddress: "\(prefix).1", network: "\(prefix).0/24")
    }
    Self.removeAtExit(namespaces)
    do {
      try Self.ip(["netns", "add", database])
      for (index, host) in hosts.enumerated() {
        let link = "to-\(index)"
        try Self.ip(["netns", "add", host.namespace])
        try Self.ip(["-n", host.namespace, "link", "set", "lo", "up"])
        try Self.ip([
          "-n", database, "link", "add", link, "type", "veth", "peer", "name", "eth0",
          "netns", host.namespace,
        ])
        try Self.ip(["-n", database, "addr", "add", "\(host.databaseAddress)/24", "dev", link])
        try Self.ip(["-n", database, "link", "set", link, "up"])
        try Self.ip(["-n", host.namespace, "addr", "add", "\(host.address)/24", "dev", "eth0"])
        try Self.ip(["-n", host.namespace, "link", "set", "eth0", "up"])
      }
    } catch {
      remove()
      throw error
    }
  }

  deinit { remove() }

  /// Every namespace's name, the database host's first.
  var namespaces: [String] { [database] + hosts.map(\.namespace) }

  /// Deletes every namespace, and with them the veth pairs. Stop what runs in them first: a
  /// namespace outlives its name while a process is still in it.
  func remove() {
    if removed { return }
    removed = true
    for namespace in namespaces {
      try? Self.ip(["netns", "del", namespace])
    }
  }

  private static let toRemove = Mutex<[String]>([])

  /// Deletes `namespaces` when the test process exits, should a test end without doing so.
  private static func removeAtExit(_ namespaces: [String]) {
    let first = toRemove.withLock { names in
      names += namespaces
      return names.count == namespaces.count
    }
    if first {
      atexit {
        for name in NetworkNamespaces.toRemove.withLock({ $0 }) {
          _ = system("\(NetworkNamespaces.ip) netns del \(name) >/dev/null 2>&1")
        }
      }
    }
  }

  /// The command that runs `command` in the database host's namespace.
  var databaseLauncher: [String] { [Self.ip, "netns", "exec", database] }

  /// Runs `ip ARGUMENTS`, throwing with what it said when it fails.
  private static func ip(_ arguments: [String]) throws {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: ip)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Shoplist.Failure(
        "ip \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
    }
  }
}
