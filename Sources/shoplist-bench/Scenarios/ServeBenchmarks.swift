import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The serve rows: `shoplist serve` on loopback with a 100-item list. wrk's requests per
/// second and p99 latency for `GET /api/lists/shopping` and for `PATCH` check/uncheck (the
/// whole list in the answer, and the item alone as the page asks, `?return=item`), over HTTP
/// and over HTTPS (`--tls-cert`, a certificate `openssl` makes for the run), beside a minimal
/// Hummingbird server (`shoplist-bench-hello`) answering the same requests with the same
/// bytes, fixed (the document and the item shoplist answered with before the run); the time
/// from a command-line `add` to the `change` event on an open stream; and the server's CPU
/// time with ten idle streams open.
struct ServeBenchmarks {
  let context: BenchContext

  static let items = 100
  static let token = "bench-token-0123456789"

  func run() throws -> [ServeResult] {
    let plan = context.plan
    guard Self.executable(Self.wrk), Self.executable("/usr/bin/curl") else {
      return [
        ServeResult(benchmark: "serve", tool: "shoplist", note: "skipped: needs wrk and curl")
      ]
    }
    let folder = try context.workspace.folder("serve")
    defer { if !plan.keepData { context.workspace.remove(folder) } }
    let database = folder + "/serve.sqlite"
    let csv = folder + "/items.csv"
    try DataSet.writeCSV(count: Self.items, to: csv)
    try ChildProcess.check(
      context.tools.shoplist.command(database, ["import", csv, "-q"]),
      scratch: context.workspace.scratch)
    let id = try Self.firstItemID(
      context.tools.shoplist, database, scratch: context.workspace.scratch)

    context.progress("serve · starting shoplist serve and the Hummingbird floor")
    let shoplist = try Server.start(
      context.tools.shoplist.executable,
      ["--db", database, "serve", "--port", "0", "--token", Self.token],
      environment: context.tools.shoplist.environment)
    defer { shoplist.stop() }
    var secure: Server?
    var secureNote = "skipped: needs openssl"
    if let pair = try Self.certificate(in: folder) {
      // A build from before HTTPS refuses the options: its TLS rows say so, the others run.
      secure = try? Server.start(
        context.tools.shoplist.executable,
        ["--db", database, "serve", "--port", "0", "--token", Self.token]
          + ["--tls-cert", pair.chain, "--tls-key", pair.key],
        environment: context.tools.shoplist.environment)
      secureNote = "unavailable: this build does not serve HTTPS"
    }
    defer { secure?.stop() }
    // The build before the change, on its own copy of the items made by itself (its schema
    // may be older than this build's).
    var previous: (server: Server, id: String)?
    if let path = plan.previousPath {
      let tool = ShoplistTool(executable: path, environment: context.tools.shoplist.environment)
      let store = folder + "/previous.sqlite"
      try ChildProcess.check(
        tool.command(store, ["import", csv, "-q"]), scratch: context.workspace.scratch)
      previous = (
        try Server.start(
          path, ["--db", store, "serve", "--port", "0", "--token", Self.token],
          environment: tool.environment),
        try Self.firstItemID(tool, store, scratch: context.workspace.scratch)
      )
    }
    defer { previous?.server.stop() }
    let answers = try Self.answers(of: shoplist, itemID: id, in: folder)
    let floor = ServeBenchmarks.helloPath.flatMap {
      try? Server.start(
        $0, ["--document", answers.document, "--item", answers.item], environment: [:])
    }
    defer { floor?.stop() }

    let seconds = plan.serveSeconds
    var results: [ServeResult] = []
    let patch = folder + "/patch.lua"
    try Self.patchScript(id: id).write(toFile: patch, atomically: true, encoding: .utf8)
    let rows: [(name: String, path: @Sendable (String) -> String, script: String?)] = [
      ("GET /api/lists/shopping", { _ in "/api/lists/shopping" }, nil),
      ("PATCH check/uncheck", { "/api/lists/shopping/items/\($0)" }, patch),
      (
        "PATCH check/uncheck, ?return=item", { "/api/lists/shopping/items/\($0)?return=item" },
        patch
      ),
    ]
    for (name, path, script) in rows {
      context.progress("serve · \(name) · wrk \(seconds) s each")
      // Each server with the item it changes, or why it has no row.
      var servers: [(tool: String, server: Server?, item: String, missing: String)] = [
        ("shoplist", shoplist, id, "")
      ]
      if plan.previousPath != nil {
        servers.append(
          (Self.previousTool, previous?.server, previous?.id ?? "", "unavailable"))
      }
      servers += [
        ("shoplist over TLS", secure, id, secureNote),
        ("Hummingbird hello world", floor, id, "skipped: shoplist-bench-hello not built"),
      ]
      var lines: [ServeResult] = []
      for (tool, server, item, missing) in servers {
        guard let server else {
          lines.append(ServeResult(benchmark: name, tool: tool, note: missing))
          continue
        }
        lines.append(
          try Self.wrk(
            name, tool: tool, base: server.base, path: path(item), script: script,
            seconds: seconds))
      }
      let compared = Self.againstPrevious(lines, writing: script != nil)
      results += Self.againstFloor(compared, reading: script == nil)
    }
    context.progress("serve · add → change event · \(plan.serveEvents) adds")
    results.append(try eventLatency(shoplist, database: database, count: plan.serveEvents))
    context.progress("serve · idle CPU with 10 open event streams · \(plan.serveIdleSeconds) s")
    results.append(try idleCPU(shoplist, seconds: plan.serveIdleSeconds))
    return results
  }

  // MARK: - Rows

  static func wrk(
    _ name: String, tool: String, base: String, path: String, script: String?, seconds: Int
  ) throws -> ServeResult {
    let arguments = wrkArguments(url: base + path, script: script, seconds: seconds)
    return wrkResult(try Server.run(wrk, arguments), name, tool: tool)
  }

  static let wrk = "/usr/bin/wrk"

  /// wrk's arguments for `seconds` of requests to `url` on `connections` connections from
  /// `threads` threads, with the server's token (`script` may send other requests).
  static func wrkArguments(
    url: String, script: String?, seconds: Int, threads: Int = 2, connections: Int = 16
  ) -> [String] {
    var arguments = [
      "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency",
      "-H", "Authorization: Bearer \(token)",
    ]
    if let script { arguments += ["-s", script] }
    return arguments + [url]
  }

  /// The line of a wrk run, from what wrk printed: requests per second, p50 and p99.
  static func wrkResult(_ output: String, _ name: String, tool: String) -> ServeResult {
    let rate = output.firstMatch(of: /Requests\/sec:\s+([0-9.]+)/).flatMap { Double($0.1) }
    let p50 = output.firstMatch(of: /\n\s+50%\s+([0-9.]+)(us|ms|s)/).map { toSeconds($0.1, $0.2) }
    let p99 = output.firstMatch(of: /\n\s+99%\s+([0-9.]+)(us|ms|s)/).map { toSeconds($0.1, $0.2) }
    let errors = output.firstMatch(of: /Non-2xx or 3xx responses: (\d+)/).map { String($0.1) }
    guard let rate else {
      return ServeResult(benchmark: name, tool: tool, note: "wrk printed no rate")
    }
    var result = ServeResult(
      benchmark: name, tool: tool, value: "\(grouped(Int(rate))) requests/s",
      p50: p50.map(duration), tail: p99.map { "p99 " + duration($0) },
      note: errors.map { "\($0) non-2xx answers" })
    result.amount = rate
    result.tailSeconds = p99
    return result
  }

  /// From each `shoplist add` starting to its list's `change` event arriving on a stream.
  private func eventLatency(_ server: Server, database: String, count: Int) throws -> ServeResult {
    let stream = try EventStream.open(server.base + "/api/events", token: Self.token)
    defer { stream.close() }
    guard stream.waitForLine(containing: ": connected", timeout: 5) else {
      return ServeResult(benchmark: "add → change event", tool: "shoplist", note: "no stream")
    }
    var samples: [Double] = []
    for index in 0..<count {
      let started = Date()
      try ChildProcess.check(
        context.tools.shoplist.command(database, ["add", "event item \(index)", "-q"]),
        scratch: context.workspace.scratch)
      guard stream.waitForLine(containing: "event: change", timeout: 5) else {
        return ServeResult(
          benchmark: "add → change event", tool: "shoplist", note: "no event after 5 s")
      }
      samples.append(Date().timeIntervalSince(started))
      usleep(50_000)
    }
    let p50 = Summary.percentile(50, of: samples)
    let p95 = Summary.percentile(95, of: samples)
    return ServeResult(
      benchmark: "add → change event", tool: "shoplist", value: "\(count) adds",
      p50: duration(p50), tail: "p95 " + duration(p95), target: "p95 < 250 ms", met: p95 < 0.25)
  }

  /// The server's CPU time while ten event streams stay open and nothing changes.
  private func idleCPU(_ server: Server, seconds: Int) throws -> ServeResult {
    let streams = try (0..<10).map { _ in
      try EventStream.open(server.base + "/api/events", token: Self.token)
    }
    defer { streams.forEach { $0.close() } }
    usleep(500_000)
    let before = Self.cpuSeconds(of: server.pid)
    sleep(UInt32(seconds))
    let used = Self.cpuSeconds(of: server.pid) - before
    let share = used / Double(seconds)
    return ServeResult(
      benchmark: "idle, 10 open event streams", tool: "shoplist",
      value: "\(String(format: "%.3f", used)) s CPU in \(seconds) s",
      p50: String(format: "%.2f %%", share * 100), target: "≈ 0 (< 1 %)", met: share < 0.01)
  }

  static let previousTool = CommandBenchmarks.previousTool

  /// shoplist's rate against the previous build's, when there is one, in the note; for a
  /// write, the target: at least twice its rate.
  static func againstPrevious(_ lines: [ServeResult], writing: Bool) -> [ServeResult] {
    guard let before = lines.first(where: { $0.tool == previousTool })?.amount, before > 0
    else { return lines }
    return lines.map { line in
      var line = line
      guard line.tool == "shoplist", let amount = line.amount else { return line }
      let share = amount / before
      line.note = [line.note, "\(ratio(share)) the previous build's rate"]
        .compactMap { $0 }.joined(separator: "; ")
      if writing {
        line.target = "≥ 2× previous build"
        line.met = share >= 2
      }
      return line
    }
  }

  /// Each line's rate as a share of the floor's (the last line), and, for the read, the
  /// targets: at least half the floor's rate, p99 within 5 ms.
  static func againstFloor(_ lines: [ServeResult], reading: Bool) -> [ServeResult] {
    guard let floor = lines.last?.amount, floor > 0 else { return lines }
    return lines.dropLast().map { line in
      var line = line
      guard let amount = line.amount else { return line }
      line.ratio = ratio(amount / floor)
      if reading, line.tool == "shoplist" {
        line.target = "≥ 0.5× floor, p99 ≤ 5 ms"
        line.met = amount / floor >= 0.5 && (line.tailSeconds ?? .infinity) <= 0.005
      }
      return line
    } + [lines[lines.count - 1]]
  }

  /// The bytes the floor answers with: shoplist's document of the list, and its answer for
  /// the item alone (an unchanged item: it writes nothing), written to files in `folder`.
  private static func answers(of server: Server, itemID: String, in folder: String) throws
    -> (document: String, item: String)
  {
    let paths = (document: folder + "/document.json", item: folder + "/item.json")
    let authorization = "Authorization: Bearer \(token)"
    _ = try Server.run(
      "/usr/bin/curl",
      ["-sf", "-o", paths.document, "-H", authorization, server.base + "/api/lists/shopping"])
    _ = try Server.run(
      "/usr/bin/curl",
      [
        "-sf", "-o", paths.item, "-X", "PATCH", "-H", authorization, "-H",
        "Content-Type: application/json", "--data", #"{"checked": false}"#,
        server.base + "/api/lists/shopping/items/\(itemID)?return=item",
      ])
    guard FileManager.default.fileExists(atPath: paths.document),
      FileManager.default.fileExists(atPath: paths.item)
    else {
      throw BenchError("shoplist serve did not answer the serve rows' first requests")
    }
    return paths
  }
}
