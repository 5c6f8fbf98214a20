import Foundation
import ShoplistTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `shoplist serve` running as its own process on loopback, for tests that talk to it over
/// real sockets.
final class ServingShoplist {
  let shoplist: Shoplist
  let process = Subprocess()
  /// The first line it printed: `serving http://HOST:PORT/?token=TOKEN`.
  let firstLine: String
  let base: String
  let token: String
  private let output = Pipe()
  private let errors = Pipe()

  /// Starts `shoplist serve ARGUMENTS` on `shoplist`'s database and waits for its first line.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0, the default, picks a free one.
  ///   - fileLimit: The limit on open files to start it under (`ulimit -n`), if any.
  convenience init(
    _ shoplist: Shoplist, _ arguments: [String] = [], environment extra: [String: String] = [:],
    port: Int = 0, fileLimit: Int? = nil
  ) throws {
    let serve = [Shoplist.binary.path, "serve", "--port", "\(port)"] + arguments
    let command =
      fileLimit.map { ["/bin/sh", "-c", "ulimit -n \($0) && exec \"$0\" \"$@\""] + serve } ?? serve
    try self.init(shoplist, command: command, environment: extra)
  }

  /// Starts `command` (a program and its arguments: `shoplist serve` as a service manager
  /// would run it) with `shoplist`'s environment and `extra`, and waits for its first line.
  init(_ shoplist: Shoplist, command: [String], environment extra: [String: String] = [:]) throws {
    self.shoplist = shoplist
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = shoplist.environment.merging(extra) { $1 }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    firstLine = output.fileHandleForReading.firstLine(within: 20)
    guard let match = firstLine.firstMatch(of: /^serving (https?:\/\/[^\/]+)\/\?token=(\S+)$/)
    else {
      process.terminate()
      process.waitUntilExit()
      let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw Shoplist.Failure("serve printed \(firstLine.debugDescription), stderr: \(said)")
    }
    base = String(match.1)
    token = String(match.2)
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// A connection reading the event stream, once it said it is connected.
  func openEventStream() throws -> RawConnection {
    guard let stream = RawConnection(port: port) else { throw Shoplist.Failure("cannot connect") }
    #expect(
      stream.send(
        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
          + "Authorization: Bearer \(token)\r\n\r\n"))
    let opened = stream.receive(for: 3) { $0.contains(": connected") }
    #expect(opened.text.contains(": connected"))
    return stream
  }

  /// How many files the server has open: its connections and its own few.
  var openFiles: Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd"))?
      .count ?? 0
  }

  /// The server's resident memory, in megabytes.
  var residentMegabytes: Double {
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    let kilobytes = status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Double($0.1) } ?? 0
    return kilobytes / 1_024
  }

  /// Sends `signal`, waits for the process to end, and returns its exit status and stderr.
  @discardableResult
  func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, stderr)
  }

  /// The port it listens on.
  var port: Int {
    Int(base.split(separator: ":").last ?? "") ?? 0
  }

  /// Where requests go, for any thread.
  var endpoint: Endpoint { Endpoint(shoplist: shoplist, base: base, token: token) }

  /// A request through curl: the status and the body.
  func request(
    _ method: String, _ path: String, json: String? = nil, authorized: Bool = true
  ) throws -> (status: Int, body: String) {
    try endpoint.request(method, path, json: json, authorized: authorized)
  }

  /// A file as a browser or a program fetches it, without the token: the status, the media
  /// type and the body.
  func fetch(_ path: String, accept: String? = nil) throws -> (
    status: Int, type: String, body: String
  ) {
    var arguments = ["-s", "-S", "-o", "-", "-w", "\n%{http_code} %{content_type}", base + path]
    if let accept { arguments += ["-H", "Accept: \(accept)"] }
    let result = try shoplist.runTool("/usr/bin/curl", arguments)
    var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let last = lines.popLast() ?? ""
    let status = Int(last.prefix { $0 != " " }) ?? 0
    let type = last.drop { $0 != " " }.dropFirst()
    return (status, String(type), lines.joined(separator: "\n"))
  }
}

/// The server's address and token.
struct Endpoint: Sendable {
  let shoplist: Shoplist
  let base: String
  let token: String

  /// A request through curl: the status and the body (status 0: no answer).
  func request(
    _ method: String, _ path: String, json: String? = nil, authorized: Bool = true,
    curlOptions: [String] = []
  ) throws -> (status: Int, body: String) {
    var arguments =
      ["-s", "-S", "-X", method, "-o", "-", "-w", "\n%{http_code}", base + path] + curlOptions
    if authorized { arguments += ["-H", "Authorization: Bearer \(token)"] }
    if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
    let result = try shoplist.runTool("/usr/bin/curl", arguments)
    var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let status = Int(lines.popLast() ?? "") ?? 0
    // No answer: what curl says instead.
    return (status, status == 0 ? result.stderr : lines.joined(separator: "\n"))
  }
}
