import Foundation

/// The history row: what recording every change costs. `add` and `toggle` on a 10,000-item
/// list and an import of 100,000 rows, each beside the same command of an earlier build
/// without history (`--baseline`), and the undo of that import beside the import itself.
struct HistoryBenchmarks {
  let context: BenchContext

  static let items = 10_000
  static let importRows = 100_000

  func run() throws -> [ResultGroup] {
    let plan = context.plan
    let tools = context.tools
    let scratch = context.workspace.scratch
    let folder = try context.workspace.folder("history")
    defer { if !plan.keepData { context.workspace.remove(folder) } }
    let baseline = plan.baselinePath.map {
      ShoplistTool(executable: $0, environment: tools.shoplist.environment)
    }
    let items = plan.sizes.contains(100) && plan.sizes.max() ?? 0 < 10_000 ? 1_000 : Self.items
    let rows = plan.importSizes.min().map { min($0 * 10, Self.importRows) } ?? Self.importRows
    let csv = folder + "/items.csv"
    try DataSet.writeCSV(count: max(items, rows), to: csv)
    let small = folder + "/small.csv"
    try DataSet.writeCSV(count: items, to: small)

    // Stores of `items` items: one for shoplist, one made by the earlier build itself (a
    // database of this build's schema is newer than it can open).
    context.progress("history · building the stores of \(grouped(items)) items")
    let current = folder + "/current.sqlite"
    try ChildProcess.check(
      tools.shoplist.command(current, ["import", small, "-q"]), scratch: scratch)
    let earlier = folder + "/earlier.sqlite"
    if let baseline {
      try ChildProcess.check(baseline.command(earlier, ["import", small, "-q"]), scratch: scratch)
    }
    let runs = plan.runs
    let target = DataSet.toggleTarget(count: items).name
    var groups: [ResultGroup] = []
    for (name, arguments) in [
      ("add, with history", { (i: Int) in ["add", DataSet.extraName(i)] }),
      ("toggle, with history", { (_: Int) in ["toggle", target] }),
    ] {
      context.progress("\(name) · \(grouped(items)) items · \(runs) runs")
      var contenders = [
        Contender(tool: "shoplist") { tools.shoplist.command(current, arguments($0)) }
      ]
      if let baseline {
        contenders.append(
          Contender(tool: "build before history") { baseline.command(earlier, arguments($0)) })
      }
      groups.append(measure(name, items: items, contenders, runs: runs, warmups: 1))
    }

    context.progress("import and undo, with history · \(grouped(rows)) rows")
    let rowsFile = folder + "/rows.csv"
    try DataSet.writeCSV(count: rows, to: rowsFile)
    let fresh = folder + "/fresh"
    let workspace = context.workspace
    var contenders = [
      Contender(
        tool: "shoplist import",
        prepare: { _ in try tools.shoplist.createEmpty(fresh + ".import", scratch: scratch) },
        command: { _ in tools.shoplist.command(fresh + ".import", ["import", rowsFile, "-q"]) },
        cleanup: { _ in workspace.removeDatabase(fresh + ".import") }
      ),
      Contender(
        tool: "shoplist undo of the import",
        prepare: { _ in
          try tools.shoplist.createEmpty(fresh + ".undo", scratch: scratch)
          try ChildProcess.check(
            tools.shoplist.command(fresh + ".undo", ["import", rowsFile, "-q"]), scratch: scratch)
        },
        command: { _ in tools.shoplist.command(fresh + ".undo", ["undo", "-q"]) },
        cleanup: { _ in workspace.removeDatabase(fresh + ".undo") }
      ),
    ]
    if let baseline {
      contenders.append(
        Contender(
          tool: "build before history, import",
          prepare: { _ in try baseline.createEmpty(fresh + ".earlier", scratch: scratch) },
          command: { _ in baseline.command(fresh + ".earlier", ["import", rowsFile, "-q"]) },
          cleanup: { _ in workspace.removeDatabase(fresh + ".earlier") }
        ))
    }
    var group = measure(
      "import and undo, with history", items: rows, contenders, runs: min(runs, 3), warmups: 0)
    for index in group.lines.indices {
      switch group.lines[index].tool {
      case "shoplist undo of the import": group.lines[index].target = .atLeast(1)
      case "build before history, import": group.lines[index].target = .atMost(1.25)
      default: break
      }
    }
    groups.append(group)
    return groups
  }

  private func measure(
    _ name: String, items: Int, _ contenders: [Contender], runs: Int, warmups: Int
  ) -> ResultGroup {
    let results = context.runner(runs: runs, warmups: warmups).measure(contenders)
    var lines = zip(contenders, results).map { ResultLine(tool: $0.tool, result: $1) }
    for index in lines.indices where lines[index].tool == "build before history" {
      lines[index].target = .atMost(1.10)
    }
    if context.plan.baselinePath == nil {
      lines.append(
        ResultLine(tool: "build before history", outcome: .skipped("skipped: no --baseline")))
    }
    return ResultGroup(benchmark: name, items: items, lines: lines)
  }
}
