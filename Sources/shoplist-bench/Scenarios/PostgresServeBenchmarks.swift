import Foundation
import ShoplistTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The PostgreSQL serve rows: two `shoplist serve` instances, A and B, on one PostgreSQL
/// database of 100 items, beside one instance on an SQLite file of the same items.
///
/// - wrk's requests per second for `GET /api/lists/shopping` on A and B while both are loaded
///   at once, each with half the load of the one-instance lines (one thread and 8 connections
///   each, against two threads and 16), and on one instance of each kind alone;
/// - the time from a change to its `change` event on an open stream of B (on SQLite, of the one
///   instance): a `PATCH` sent to A (on SQLite, to the one instance), and a command-line `add`.
///   B hears of A's and the command line's writes through PostgreSQL's LISTEN/NOTIFY; the
///   SQLite instance looks for new history every 100 ms.
///
/// Every line after a group's first shows its number divided by the first's.
struct PostgresServeBenchmarks {
  let context: BenchContext
  let cluster: PostgresCluster

  static let onSQLite = "SQLite, one instance"

  func run() throws -> [ServeResult] {
    guard ServeBenchmarks.executable(ServeBenchmarks.wrk), ServeBenchmarks.executable(Self.curl)
    else {
      return [
        ServeResult(
          benchmark: "serve (PostgreSQL)", tool: "shoplist", note: "skipped: needs wrk and curl")
      ]
    }
    let plan = context.plan
    let tools = context.tools
    let scratch = context.workspace.scratch
    let folder = try context.workspace.folder("postgres-serve")
    defer { if !plan.keepData { context.workspace.remove(folder) } }
    let csv = folder + "/items.csv"
    try DataSet.writeCSV(count: ServeBenchmarks.items, to: csv)
    let sqlite = folder + "/serve.sqlite"
    let name = "bench_serve"
    let url = try PostgresBenchmarks.database(name, on: cluster)
    // Declared before the servers, so run after they stop.
    defer { PostgresBenchmarks.drop(name, on: cluster) }
    for database in [sqlite, url] {
      try ChildProcess.check(
        tools.shoplist.command(database, ["import", csv, "-q"]), scratch: scratch)
    }
    let ids = (
      sqlite: try ServeBenchmarks.firstItemID(tools.shoplist, sqlite, scratch: scratch),
      postgres: try ServeBenchmarks.firstItemID(tools.shoplist, url, scratch: scratch)
    )

    context.progress("postgres · serve · starting two instances on PostgreSQL, one on SQLite")
    let single = try start(sqlite)
    defer { single.stop() }
    let first = try start(url)
    defer { first.stop() }
    let second = try start(url)
    defer { second.stop() }

    var results = try requests(single: single, first: first, second: second)
    let count = plan.postgresEvents
    context.progress("postgres · serve · PATCH → change event · \(count) changes per line")
    let patchToA: (Int) -> Change = { patch(first, id: ids.postgres, $0) }
    results += try latencies(
      "PATCH → change event",
      reference: (Self.onSQLite, single, { patch(single, id: ids.sqlite, $0) }),
      postgres: ("PostgreSQL, PATCH to A, stream of B", second, patchToA))
    context.progress("postgres · serve · command-line add → change event · \(count) per line")
    results += try latencies(
      "command-line add → change event",
      reference: (Self.onSQLite, single, { add(sqlite, $0) }),
      postgres: ("PostgreSQL, stream of B", second, { add(url, $0) }))
    return results
  }

  // MARK: - Requests per second

  /// `GET /api/lists/shopping` on each kind alone, then on A and B at once.
  private func requests(single: Server, first: Server, second: Server) throws -> [ServeResult] {
    let seconds = context.plan.serveSeconds
    let path = "/api/lists/shopping"
    let benchmark = "GET \(path)"
    context.progress("postgres · serve · \(benchmark) · wrk \(seconds) s, 3 times")
    let reference = try ServeBenchmarks.wrk(
      benchmark, tool: Self.onSQLite, base: single.base, path: path, script: nil,
      seconds: seconds)
    let alone = try ServeBenchmarks.wrk(
      benchmark, tool: "PostgreSQL, one instance", base: first.base, path: path, script: nil,
      seconds: seconds)
    let outputs = try Server.runTogether(
      [first, second].map { server in
        (
          ServeBenchmarks.wrk,
          ServeBenchmarks.wrkArguments(
            url: server.base + path, script: nil, seconds: seconds, threads: 1, connections: 8)
        )
      })
    let both = [
      ServeBenchmarks.wrkResult(outputs[0], benchmark, tool: "PostgreSQL, A of two at once"),
      ServeBenchmarks.wrkResult(outputs[1], benchmark, tool: "PostgreSQL, B of two at once"),
    ]
    var lines = [reference, alone] + both
    let total = both.compactMap(\.amount)
    if total.count == 2 {
      var sum = ServeResult(
        benchmark: benchmark, tool: "PostgreSQL, A + B",
        value: "\(grouped(Int(total.reduce(0, +)))) requests/s")
      sum.amount = total.reduce(0, +)
      lines.append(sum)
    }
    return Self.compared(lines)
  }

  // MARK: - Change to event

  /// A program that makes one change.
  private struct Change {
    let executable: String
    let arguments: [String]
    var environment: [String: String]? = nil
  }

  /// The latency line of `reference` (a server, the stream's, and its changes), then that of
  /// `postgres`, compared.
  private func latencies(
    _ benchmark: String,
    reference: (tool: String, stream: Server, change: (Int) -> Change),
    postgres: (tool: String, stream: Server, change: (Int) -> Change)
  ) throws -> [ServeResult] {
    Self.compared(
      try [reference, postgres].map { line in
        try latency(benchmark, tool: line.tool, stream: line.stream, change: line.change)
      })
  }

  /// From starting each change to its `change` event arriving on a stream of `stream`,
  /// however long the change's program takes to exit; after one untimed change, since a server
  /// sets up its watching when the first stream opens.
  private func latency(
    _ benchmark: String, tool: String, stream server: Server, change: (Int) -> Change
  ) throws -> ServeResult {
    let count = context.plan.postgresEvents
    let stream = try EventStream.open(server.base + "/api/events", token: ServeBenchmarks.token)
    defer { stream.close() }
    guard stream.waitForLine(containing: ": connected", timeout: 5) else {
      return ServeResult(benchmark: benchmark, tool: tool, note: "no stream")
    }
    let clock = ContinuousClock()
    var samples: [Double] = []
    for index in 0...count {
      let program = change(index)
      let process = Subprocess()
      process.executableURL = URL(fileURLWithPath: program.executable)
      process.arguments = program.arguments
      if let environment = program.environment { process.environment = environment }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let started = clock.now
      try process.run()
      let arrived = stream.waitForLine(containing: "event: change", timeout: 5)
      let elapsed = started.duration(to: clock.now).seconds
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        return ServeResult(
          benchmark: benchmark, tool: tool,
          note: "the change failed (exit \(process.terminationStatus))")
      }
      guard arrived else {
        return ServeResult(benchmark: benchmark, tool: tool, note: "no event after 5 s")
      }
      if index > 0 { samples.append(elapsed) }
      usleep(50_000)
    }
    let median = Summary(samples)?.median ?? 0
    var result = ServeResult(
      benchmark: benchmark, tool: tool, value: "\(count) changes", p50: duration(median),
      tail: "p99 " + duration(Summary.percentile(99, of: samples)))
    result.amount = median
    return result
  }

  /// `curl` checking (even `index`) or unchecking item `id` through `server`'s API.
  private func patch(_ server: Server, id: String, _ index: Int) -> Change {
    Change(
      executable: Self.curl,
      arguments: [
        "-s", "-o", "/dev/null", "-X", "PATCH",
        "-H", "Authorization: Bearer \(ServeBenchmarks.token)",
        "-H", "Content-Type: application/json",
        "-d", index % 2 == 0 ? #"{"checked": true}"# : #"{"checked": false}"#,
        server.base + "/api/lists/shopping/items/\(id)",
      ])
  }

  /// `shoplist add` of a new item to `database`.
  private func add(_ database: String, _ index: Int) -> Change {
    let invocation = context.tools.shoplist.command(database, ["add", "event item \(index)", "-q"])
    return Change(
      executable: invocation.executable, arguments: invocation.arguments,
      environment: invocation.environment)
  }

  // MARK: - Helpers

  static let curl = "/usr/bin/curl"

  private func start(_ database: String) throws -> Server {
    try Server.start(
      context.tools.shoplist.executable,
      ["--db", database, "serve", "--port", "0", "--token", ServeBenchmarks.token],
      environment: context.tools.shoplist.environment)
  }

  /// `lines` with every line after the first showing its amount divided by the first's.
  private static func compared(_ lines: [ServeResult]) -> [ServeResult] {
    guard let reference = lines.first?.amount, reference > 0 else { return lines }
    return lines.enumerated().map { index, line in
      var line = line
      if index > 0, let amount = line.amount { line.ratio = ratio(amount / reference) }
      return line
    }
  }
}
