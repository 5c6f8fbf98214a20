import ArgumentParser
import Foundation

/// The options both subcommands take.
struct BenchOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "List sizes for the add, toggle and list rows (default 100,10000,100000).",
      valueName: "n,n,…"),
    transform: BenchOptions.parseSizes
  )
  var sizes: [Int]?

  @Option(
    name: .customLong("import-sizes"),
    help: ArgumentHelp(
      "Rows per import file (default 10000,100000,1000000); the largest is re-imported.",
      valueName: "n,n,…"),
    transform: BenchOptions.parseSizes
  )
  var importSizes: [Int]?

  @Option(help: "Runs per tool and row (default 15; fewer for the big rows).")
  var runs: Int?

  @Option(
    help: ArgumentHelp(
      "Rows to run: add,toggle,list,references,history,import,reimport,concurrent,serve,"
        + "postgres,micro or all (default all; with --quick, all but postgres).",
      valueName: "row,row,…"),
    transform: BenchmarkRow.parseList
  )
  var rows: [BenchmarkRow]?

  @Flag(help: "Small sizes and few runs: a smoke test that finishes in under a minute.")
  var quick = false

  @Option(
    help: ArgumentHelp(
      "Also write the results section to FILE; an existing file keeps everything outside its "
        + "results markers.",
      valueName: "file")
  )
  var markdown: String?

  @Option(
    help: ArgumentHelp(
      "The shoplist binary (default: the one next to shoplist-bench); another build makes its "
        + "add, toggle and list stores by importing them.", valueName: "path")
  )
  var shoplist: String?

  @Option(
    help: ArgumentHelp(
      "An earlier shoplist binary to compare the history row with (the build before history).",
      valueName: "path")
  )
  var baseline: String?

  @Option(
    help: ArgumentHelp(
      "The shoplist binary before the change being measured, put beside shoplist in the add, "
        + "toggle and list rows (a change may not make them more than 5 % slower).",
      valueName: "path")
  )
  var previous: String?

  @Flag(name: .customLong("keep-data"), help: "Keep the temporary folder and print its path.")
  var keepData = false

  @Flag(
    name: .customLong("read-back"),
    help: ArgumentHelp(
      "Drop each shoplist copy from the page cache once made, so that it runs as a binary read "
        + "back from disk does (after a reboot) rather than as one just installed."))
  var readBack = false

  func validate() throws {
    if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
  }

  /// Parses `100,10000`; underscores and thousands separators are allowed (`10_000`).
  static func parseSizes(_ text: String) throws -> [Int] {
    let sizes = try text.split(separator: ",").map { part in
      let digits = part.filter { $0 != "_" && $0 != " " && $0 != "'" }
      guard let size = Int(digits), size >= 1, size <= 10_000_000 else {
        throw ValidationError("\"\(part)\" is not a size from 1 to 10000000")
      }
      return size
    }
    guard !sizes.isEmpty else { throw ValidationError("give at least one size") }
    return Array(Set(sizes)).sorted()
  }

  /// What to run, with the defaults and `--quick` applied. A quick run leaves out the
  /// PostgreSQL row unless `--rows` names it: starting a cluster and importing over the network
  /// take longer than the rest of a smoke test.
  func plan(defaultRows: [BenchmarkRow] = BenchmarkRow.allCases) -> BenchPlan {
    let baseRuns = runs ?? (quick ? 3 : 15)
    return BenchPlan(
      sizes: sizes ?? (quick ? [100, 1_000] : [100, 10_000, 100_000]),
      importSizes: importSizes ?? (quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]),
      referenceCounts: quick ? [1_000, 500] : [20_000, 10_000],
      runs: baseRuns,
      rows: rows ?? (quick ? defaultRows.filter { $0 != .postgres } : defaultRows),
      concurrentProcesses: 10,
      concurrentAddsEach: quick ? 5 : 50,
      concurrentRepeats: quick ? 1 : min(baseRuns, 3),
      micro: quick ? .quick : .full,
      shoplistPath: shoplist,
      baselinePath: baseline,
      previousPath: previous,
      serveSeconds: quick ? 2 : 5,
      serveEvents: quick ? 5 : 20,
      serveIdleSeconds: quick ? 3 : 30,
      postgresEvents: quick ? 10 : 100,
      markdownPath: markdown,
      keepData: keepData,
      readBack: readBack
    )
  }
}
