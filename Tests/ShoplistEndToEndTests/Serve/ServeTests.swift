import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `shoplist serve`, the real binary on loopback.
@Suite(.offThePool, .serialized, .sqlitePass) struct ServeTests {
  @Test func itPrintsTheAddressWithANewTokenAndListensOnLoopbackOnly() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)

    #expect(server.base.hasPrefix("http://127.0.0.1:"))
    #expect(server.token.count == 64 && server.token.allSatisfy(\.isHexDigit))
    #expect(try server.request("GET", "/api/lists").status == 200)
    #expect(try server.request("GET", "/api/lists", authorized: false).status == 401)
    // Not reachable on this machine's other addresses.
    let port = server.base.split(separator: ":").last.map(String.init) ?? ""
    for address in try Self.otherAddresses(shoplist) {
      let outside = try shoplist.runTool(
        "/usr/bin/curl",
        ["-s", "-m", "2", "-o", "/dev/null", "-w", "%{http_code}", "http://\(address):\(port)/"])
      #expect(outside.stdout == "000", "reached on \(address)")
    }
    #expect(server.stop().status == 0)
  }

  @Test func theTokenComesFromTheOptionOrTheEnvironment() throws {
    let shoplist = try Shoplist()
    let fromOption = try ServingShoplist(shoplist, ["--token", "open-sesame-0123456"])
    #expect(fromOption.firstLine.hasSuffix("/?token=open-sesame-0123456"))
    #expect(try fromOption.request("GET", "/api/lists").status == 200)
    fromOption.stop()

    let fromEnvironment = try ServingShoplist(
      shoplist, environment: ["SHOPLIST_TOKEN": "abc123abc123abc123"])
    #expect(fromEnvironment.token == "abc123abc123abc123")
    fromEnvironment.stop()

    let bad = try shoplist.run("serve", "--token", "has space")
    #expect(bad.status == 64)
    let badEnvironment = try shoplist.run(
      "serve", environment: ["SHOPLIST_TOKEN": "a;b-long-enough-token"])
    #expect(badEnvironment.status == 64)
    #expect(
      badEnvironment.stderr == "shoplist: $SHOPLIST_TOKEN must be printable ASCII without spaces\n")
  }

  @Test func aPortInUseIsAClearError() throws {
    let shoplist = try Shoplist()
    let first = try ServingShoplist(shoplist)
    let port = first.base.split(separator: ":").last.map(String.init) ?? ""

    let second = try shoplist.run("serve", "--port", port)

    #expect(second.status == 69)
    #expect(
      second.stderr
        == "shoplist: cannot listen on 127.0.0.1 port \(port): the address is already in use\n")
    first.stop()
  }

  @Test(arguments: [
    ("nosuch.invalid", "no such address"), ("999.1.1.1", "no such address"),
    ("192.0.2.1", "not an address of this machine"),
  ])
  func aHostThatCannotBeListenedOnIsAClearError(host: String, reason: String) throws {
    let shoplist = try Shoplist()

    let result = try shoplist.run("serve", "--host", host, "--port", "8080")

    #expect(result.status == 69)
    #expect(result.stderr == "shoplist: cannot listen on \(host) port 8080: \(reason)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aCommandLineChangeReachesTheEventStreamWithinASecond() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("lists", "create", "party")
    let server = try ServingShoplist(shoplist)
    let events = shoplist.folder.appendingPathComponent("events.txt")
    let stream = try Self.openStream(server, into: events)
    defer { stream.terminate() }
    try Self.waitFor("the stream to open", within: 5) { Self.text(events).contains(": connected") }

    let started = Date()
    try shoplist.ok("add", "Cake", "-l", "party")
    try Self.waitFor("the change event", within: 1) {
      Self.text(events).contains("event: change\ndata: {\"list\": \"party\"}\n\n")
    }
    #expect(Date().timeIntervalSince(started) < 1)
    // Its id is the newest history entry: the add's.
    let history = try shoplist.ok("history", "--json").stdout
    let newest = try #require(history.firstMatch(of: /"id": (\d+)/)?.1)
    #expect(Self.text(events).contains("id: \(newest)\nevent: change\ndata: {\"list\": \"party\"}"))
    server.stop()
  }

  /// A supervisor may stop the server the moment it has said where it serves: the signal is
  /// trapped before it listens, so that SIGTERM is a graceful stop (exit 0), not the signal's
  /// default end, every time.
  @Test func aSigtermAsSoonAsItSaysWhereItServesIsAGracefulStop() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    // Many at a time, each signalled at its first line: on a busy machine the start-up's
    // tasks are far apart, which is when a signal not yet trapped ended the server.
    let stops = Mutex<[(status: Int32, reason: Subprocess.TerminationReason, stderr: String)]>([])
    DispatchQueue.concurrentPerform(iterations: 24) { _ in
      guard let server = try? ServingShoplist(shoplist) else { return }
      let (status, stderr) = server.stop(SIGTERM)
      stops.withLock { $0.append((status, server.process.terminationReason, stderr)) }
    }
    let ended = stops.withLock { $0 }
    #expect(ended.count == 24)
    for stop in ended {
      #expect(
        stop.status == 0 && stop.reason == .exit, "\(stop.reason) \(stop.status): \(stop.stderr)")
    }
  }

  @Test func sigtermLetsRequestsInFlightFinishAndExitsZero() throws {
    let shoplist = try Shoplist()
    let rows = (1...60_000).map { "item \($0),\($0 % 7 + 1)" }.joined(separator: "\n")
    let imported = try shoplist.run(
      arguments: ["import", "-", "--format", "csv", "-q"], stdin: "name,quantity\n" + rows)
    #expect(imported.status == 0)
    let server = try ServingShoplist(shoplist)
    let events = shoplist.folder.appendingPathComponent("events.txt")
    let stream = try Self.openStream(server, into: events)
    try Self.waitFor("the stream to open", within: 5) {
      Self.text(events).contains(": connected")
    }

    // A long document read slowly (14 MB at 4 MB/s, more than the sockets hold), and some
    // writes, in flight when the signal comes: each curl started at once, its answer
    // collected afterwards.
    var requests = [
      try InFlight(server, "GET", "/api/lists/shopping", curlOptions: ["--limit-rate", "4M"])
    ]
    for index in 0..<3 {
      requests.append(
        try InFlight(
          server, "POST", "/api/lists/shopping/items", json: #"{"name": "late \#(index)"}"#))
    }
    usleep(700_000)
    let (status, stderr) = server.stop(SIGTERM)
    stream.waitUntilExit()

    #expect(status == 0, "\(stderr)")
    for request in requests {
      let answer = request.finish()
      #expect(answer.status == 200, "\(answer.body.prefix(200))")
      let whole = answer.body.hasSuffix("]}\n")
      #expect(whole, "cut at \(answer.body.utf8.count) bytes")
    }
    #expect(try shoplist.run("db", "check").stdout == "ok\n")
    #expect(try shoplist.names().count >= 60_000)
  }

  @Test(.enabled(if: TestTools.runs(needing: TestTools.hasFuzzer), "needs schemathesis (pip)"))
  func fuzzingFromTheOpenAPIDocumentNeverGetsA500() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    let server = try ServingShoplist(shoplist)

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", "-m", "schemathesis.cli", "run", server.base + "/openapi.json",
        "-H", "Authorization: Bearer \(server.token)", "--max-examples", "25",
        "--checks",
        // No 500; every answer as documented; requests the document calls invalid refused;
        // methods it does not describe answered 405.
        "not_a_server_error,status_code_conformance,content_type_conformance,"
          + "response_schema_conformance,response_headers_conformance,negative_data_rejection,"
          + "unsupported_method",
        "--exclude-operation-id", "events", "--seed", "1",
      ],
      environment: ["SCHEMATHESIS_TELEMETRY": "false", "NO_COLOR": "1"])

    #expect(result.status == 0, "\(result.stdout.suffix(3_000))")
    #expect(result.stdout.contains(" passed"))
    #expect(server.stop().status == 0)
    // Whatever the fuzzer sent, the database is sound and still reads.
    #expect(try shoplist.run("db", "check").stdout == "ok\n")
    #expect(try shoplist.run("list", "--json").status == 0)
  }

  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .oneHeavyAtATime, .runningTimeLimit(.seconds(300)))
  func thePageWorksInARealBrowserOnlineAndOffline() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist, ["--wait", "1"])
    let script = TestTools.browserScript("page_check.py", from: #filePath)
    let shots = TestTools.screenshotFolder(from: #filePath)

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", script.path, "--url", server.base, "--token", server.token,
        "--db", shoplist.location, "--binary", Shoplist.binary.path, "--shots", shots.path,
      ])

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains(" passed, 0 failed"))
    #expect(server.stop().status == 0)
  }

  // MARK: - Helpers

  static func otherAddresses(_ shoplist: Shoplist) throws -> [String] {
    let result = try shoplist.runTool("/usr/bin/env", ["hostname", "-I"])
    return result.stdout.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    .filter { $0.contains(".") && !$0.hasPrefix("127.") }
  }

  /// An event stream of `server` written to `events.txt` in `shoplist`'s folder, once it has
  /// said it is connected.
  static func connectedStream(
    _ server: ServingShoplist, of shoplist: Shoplist
  ) throws -> (stream: Subprocess, events: URL) {
    let events = shoplist.folder.appendingPathComponent("events.txt")
    let stream = try openStream(server, into: events)
    try waitFor("the stream to open", within: 5) { text(events).contains(": connected") }
    return (stream, events)
  }

  /// Waits up to 5 s for `events` to tell of a change to `list`.
  static func waitForChange(to list: String, in events: URL) throws {
    try waitFor("the change to \(list)", within: 5) {
      text(events).contains("event: change\ndata: {\"list\": \"\(list)\"}\n\n")
    }
  }

  /// Runs `action` (a command, a request) and expects its change to `list` on the stream
  /// `events` within a second of the action's end, and within three of its start.
  ///
  /// - Returns: What `action` returned.
  @discardableResult
  static func expectChange<T>(
    to list: String, in events: URL, by action: () throws -> T,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> T {
    let start = Date()
    let result = try action()
    let ended = Date()
    try waitForChange(to: list, in: events)
    let seen = Date()
    #expect(
      seen.timeIntervalSince(ended) < 1.0,
      "the change reached the stream \(seen.timeIntervalSince(ended)) s after the action ended",
      sourceLocation: sourceLocation)
    #expect(
      seen.timeIntervalSince(start) < 3.0, "\(seen.timeIntervalSince(start)) s in all",
      sourceLocation: sourceLocation)
    return result
  }

  /// An event stream read by curl into `file`, with the server's token unless `credential`
  /// gives other curl options (a member's cookie).
  static func openStream(
    _ server: ServingShoplist, into file: URL, credential: [String]? = nil,
    curlOptions: [String] = []
  ) throws -> Subprocess {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw Shoplist.Failure("cannot create \(file.path)")
    }
    let curl = Subprocess()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments =
      ["-s", "-N"] + (credential ?? ["-H", "Authorization: Bearer \(server.token)"])
      + [server.base + "/api/events"] + curlOptions
    curl.standardOutput = try FileHandle(forWritingTo: file)
    curl.standardError = FileHandle.nullDevice
    try curl.run()
    return curl
  }

  static func text(_ file: URL) -> String {
    (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  static func waitFor(_ what: String, within seconds: Double, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return }
      usleep(10_000)
    }
    if !condition() { throw Shoplist.Failure("timed out waiting for \(what)") }
  }
}

/// A request sent by a curl process of its own, running while the test goes on.
final class InFlight {
  private let curl = Subprocess()
  private let output: URL
  private let errors = Pipe()

  init(
    _ server: ServingShoplist, _ method: String, _ path: String, json: String? = nil,
    curlOptions: [String] = []
  ) throws {
    output = server.shoplist.folder.appendingPathComponent("answer-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw Shoplist.Failure("cannot create \(output.path)")
    }
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments =
      [
        "-s", "-S", "-X", method, "-w", "\n%{http_code}", "-H",
        "Authorization: Bearer \(server.token)",
      ]
      + (json.map { ["-H", "Content-Type: application/json", "--data-binary", $0] } ?? [])
      + curlOptions + [server.base + path]
    curl.standardOutput = try FileHandle(forWritingTo: output)
    curl.standardError = errors
    try curl.run()
  }

  /// Waits for the answer: its status (0: none) and body (or curl's complaint).
  func finish() -> (status: Int, body: String) {
    curl.waitUntilExit()
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let status = Int(lines.popLast() ?? "") ?? 0
    if status == 0 {
      return (0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    return (status, lines.joined(separator: "\n"))
  }
}
