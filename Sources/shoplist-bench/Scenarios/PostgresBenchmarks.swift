import Foundation
import ShoplistTestSupport

/// The PostgreSQL rows: shoplist on a PostgreSQL database beside shoplist on SQLite and beside
/// `psql` running the same statement on the same database (the floor for one process), for
/// add, toggle and `list --json` and for an import into an empty database; then two
/// `shoplist serve` instances on one database (``PostgresServeBenchmarks``).
///
/// The database lives in a throwaway cluster the row starts itself (the tests' cluster:
/// `initdb` into `/tmp`, a free loopback port, SCRAM password authentication, `fsync`,
/// `synchronous_commit` and `full_page_writes` off), stopped and removed when the row ends,
/// its databases with it (`--keep-data` keeps the files of the workspace only).
struct PostgresBenchmarks {
  let context: BenchContext

  /// What the row found: its command groups, its serve lines, and lines for the report's
  /// list of tools (the server's and psql's versions).
  struct Results {
    var groups: [ResultGroup] = []
    var serve: [ServeResult] = []
    var tools: [String] = []
  }

  static let onPostgres = "shoplist, PostgreSQL"
  static let onSQLite = "shoplist, SQLite"
  static let psql = "psql"
  static let copyFloor = "psql \\copy, shoplist schema"

  func run() throws -> Results {
    guard PostgresCluster.installedBin != nil else {
      return skipped("skipped: PostgreSQL's server is not installed")
    }
    context.progress("postgres · starting a throwaway PostgreSQL cluster")
    guard let cluster = PostgresCluster.shared else {
      return skipped("skipped: no PostgreSQL cluster could be started")
    }
    defer { cluster.discard() }
    let tools = context.tools
    let psql = PostgresShell(
      executable: cluster.bin.appending(path: "psql").path, environment: tools.shoplist.environment)
    var results = Results(tools: versions(of: cluster, psql: psql))
    results.groups.append(connect(cluster: cluster, psql: psql))
    for size in context.plan.postgresSizes {
      results.groups += try commands(size: size, cluster: cluster, psql: psql)
    }
    if let size = context.plan.postgresImportSize {
      results.groups.append(try importNew(size: size, cluster: cluster, psql: psql))
    }
    results.serve = try PostgresServeBenchmarks(context: context, cluster: cluster).run()
    return results
  }

  // MARK: - Connecting

  /// What a process pays to reach the database before its statement: psql connecting the way
  /// shoplist does (TCP, SCRAM) and through the cluster's Unix socket without a password, each
  /// running `SELECT 1`.
  private func connect(cluster: PostgresCluster, psql: PostgresShell) -> ResultGroup {
    let runs = context.plan.runs
    context.progress("postgres · connect · \(runs) runs each")
    let url = cluster.url(database: "postgres")
    let socket =
      "host=\(cluster.folder.path) port=\(cluster.port) user=\(PostgresCluster.user) "
      + "dbname=postgres"
    let contenders = [
      Contender(tool: "psql, TCP and SCRAM") { _ in psql.command(url, "SELECT 1") },
      Contender(tool: "psql, Unix socket, no password") { _ in
        psql.command(socket, "SELECT 1")
      },
    ]
    let results = context.runner(runs: runs, warmups: 1).measure(contenders)
    return ResultGroup(
      benchmark: "connect, SELECT 1 (PostgreSQL)", items: 0,
      lines: zip(contenders, results).map { ResultLine(tool: $0.tool, result: $1) })
  }

  // MARK: - add, toggle, list

  private func commands(
    size: Int, cluster: PostgresCluster, psql: PostgresShell
  ) throws -> [ResultGroup] {
    let plan = context.plan
    let tools = context.tools
    let scratch = context.workspace.scratch
    context.progress("postgres · filling the stores of \(grouped(size)) items")
    let folder = try context.workspace.folder("postgres-\(size)")
    defer { if !plan.keepData { context.workspace.remove(folder) } }
    let csv = folder + "/items.csv"
    try DataSet.writeCSV(count: size, to: csv)
    let name = "bench_items_\(size)"
    let url = try Self.database(name, on: cluster)
    defer { Self.drop(name, on: cluster) }
    let listID: String
    do {
      try ChildProcess.check(tools.shoplist.command(url, ["import", csv, "-q"]), scratch: scratch)
      listID = try psql.listID(url, scratch: scratch)
    } catch {
      // A build without PostgreSQL: its lines say so, the rest of the run goes on.
      return ["add", "toggle", "list --json"].map { benchmark in
        ResultGroup(
          benchmark: "\(benchmark) (PostgreSQL)", items: size,
          lines: [ResultLine(tool: Self.onPostgres, outcome: .unavailable("\(error)"))])
      }
    }
    let sqlite = folder + "/shoplist.sqlite"
    if plan.shoplistPath == nil {
      try tools.shoplist.create(sqlite, items: size)
    } else {
      // Another build, whose schema may not be this library's: its store is its own import.
      try ChildProcess.check(
        tools.shoplist.command(sqlite, ["import", csv, "-q"]), scratch: scratch)
    }

    // shoplist with `arguments` on both databases, and psql's statement.
    func group(
      _ benchmark: String, _ arguments: @escaping (Int) -> [String],
      floor: @escaping (Int) -> Invocation
    ) -> ResultGroup {
      let runs = plan.runs(forItems: size)
      context.progress("postgres · \(benchmark) · \(grouped(size)) items · \(runs) runs each")
      let contenders = [
        Contender(tool: Self.onPostgres) { tools.shoplist.command(url, arguments($0)) },
        Contender(tool: Self.onSQLite) { tools.shoplist.command(sqlite, arguments($0)) },
        Contender(tool: Self.psql, command: floor),
      ]
      let results = context.runner(runs: runs, warmups: 1).measure(contenders)
      return ResultGroup(
        benchmark: "\(benchmark) (PostgreSQL)", items: size,
        lines: zip(contenders, results).map { ResultLine(tool: $0.tool, result: $1) })
    }

    let item = DataSet.toggleTarget(count: size)
    return [
      group("add", { ["add", DataSet.extraName($0)] }) {
        psql.insert(url, listID: listID, name: "psql " + DataSet.extraName($0))
      },
      group("toggle", { _ in ["toggle", item.name] }) { _ in
        psql.toggle(url, listID: listID, name: item.name)
      },
      group("list --json", { _ in ["list", "--json"] }) { _ in
        psql.select(url, listID: listID)
      },
    ]
  }

  // MARK: - Import

  /// A CSV file of new rows into an empty database: shoplist on PostgreSQL, on SQLite, and
  /// psql's `\copy` of the same rows, already in shoplist's shape, into `shoplist.product` of
  /// an empty database shoplist made (the floor for its data model on PostgreSQL, as the
  /// sqlite3 shell's `.import` is on SQLite).
  private func importNew(
    size: Int, cluster: PostgresCluster, psql: PostgresShell
  ) throws -> ResultGroup {
    let tools = context.tools
    let workspace = context.workspace
    let scratch = workspace.scratch
    context.progress("postgres · writing \(grouped(size)) import rows")
    let folder = try workspace.folder("postgres-import-\(size)")
    defer { if !context.plan.keepData { workspace.remove(folder) } }
    let csv = folder + "/items.csv"
    try DataSet.writeCSV(count: size, to: csv)
    let rows = folder + "/items-shoplist-schema.csv"
    try DataSet.writeShoplistRowsCSV(
      count: size, listID: SQLiteShell.shoplistSchemaListID, to: rows)
    let fresh = folder + "/fresh.shoplist"
    let importing = "bench_import"
    let copying = "bench_copy"
    let contenders = [
      Contender(
        tool: Self.onPostgres,
        prepare: { _ in
          let url = try Self.database(importing, on: cluster)
          try tools.shoplist.createEmpty(url, scratch: scratch)
        },
        command: { _ in
          tools.shoplist.command(cluster.url(database: importing), ["import", csv, "--quiet"])
        },
        cleanup: { _ in Self.drop(importing, on: cluster) }
      ),
      Contender(
        tool: Self.onSQLite,
        prepare: { _ in try tools.shoplist.createEmpty(fresh, scratch: scratch) },
        command: { _ in tools.shoplist.command(fresh, ["import", csv, "--quiet"]) },
        cleanup: { _ in workspace.removeDatabase(fresh) }
      ),
      Contender(
        tool: Self.copyFloor,
        prepare: { _ in
          let url = try Self.database(copying, on: cluster)
          try tools.shoplist.createEmpty(url, scratch: scratch)
          try psql.claimShoplistList(url, scratch: scratch)
        },
        command: { _ in psql.copyShoplistRows(cluster.url(database: copying), rows) },
        cleanup: { _ in Self.drop(copying, on: cluster) }
      ),
    ]
    let runs = context.plan.runs(forImportOf: size)
    context.progress("postgres · import · \(grouped(size)) rows · \(runs) runs each")
    let results = context.runner(runs: runs, warmups: 0).measure(contenders)
    return ResultGroup(
      benchmark: "import CSV (PostgreSQL)", items: size,
      lines: zip(contenders, results).map { ResultLine(tool: $0.tool, result: $1) })
  }

  // MARK: - Helpers

  /// A new, empty database `name` on `cluster` (one a stopped run left behind is dropped
  /// first), and its URL.
  static func database(_ name: String, on cluster: PostgresCluster) throws -> String {
    try cluster.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    try cluster.psql("CREATE DATABASE \(name)")
    return cluster.url(database: name)
  }

  static func drop(_ name: String, on cluster: PostgresCluster) {
    _ = try? cluster.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }

  /// The server's and psql's versions, and how the cluster runs, for the report.
  private func versions(of cluster: PostgresCluster, psql: PostgresShell) -> [String] {
    let scratch = context.workspace.scratch
    func version(_ executable: String) -> String {
      let invocation = Invocation(
        executable: executable, arguments: ["--version"], environment: psql.environment)
      let text = (try? ChildProcess.output(of: invocation, scratch: scratch)) ?? ""
      return text.split(separator: "\n").first.map(String.init) ?? "unknown version"
    }
    return [
      """
      PostgreSQL: \(version(cluster.bin.appending(path: "postgres").path)), a throwaway \
      cluster on 127.0.0.1 with SCRAM password authentication and no TLS; fsync, \
      synchronous_commit and full_page_writes off
      """,
      "psql: \(version(psql.executable)) at \(psql.executable)",
    ]
  }

  /// The row's lines when it cannot run, each saying why.
  private func skipped(_ reason: String) -> Results {
    var results = Results()
    for size in context.plan.postgresSizes {
      for benchmark in ["add", "toggle", "list --json"] {
        results.groups.append(
          ResultGroup(
            benchmark: "\(benchmark) (PostgreSQL)", items: size,
            lines: [ResultLine(tool: Self.onPostgres, outcome: .skipped(reason))]))
      }
    }
    if let size = context.plan.postgresImportSize {
      results.groups.append(
        ResultGroup(
          benchmark: "import CSV (PostgreSQL)", items: size,
          lines: [ResultLine(tool: Self.onPostgres, outcome: .skipped(reason))]))
    }
    results.serve = [ServeResult(benchmark: "serve (PostgreSQL)", tool: "shoplist", note: reason)]
    return results
  }
}
