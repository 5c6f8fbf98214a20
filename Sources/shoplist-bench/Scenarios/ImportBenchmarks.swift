import Foundation

/// The import rows: a CSV file of new rows into an empty store, for shoplist and sqlite3 (and
/// the same rows as JSON for Taskwarrior, up to ``BenchPlan/taskImportLimit``); then the
/// largest file imported again over itself, which must change nothing.
struct ImportBenchmarks {
  let context: BenchContext

  func run() throws -> [ResultGroup] {
    let plan = context.plan
    var groups: [ResultGroup] = []
    let largest = plan.importSizes.max() ?? 0
    for size in plan.importSizes {
      guard plan.includes(.import) || (plan.includes(.reimport) && size == largest) else {
        continue
      }
      context.progress("writing \(grouped(size)) import rows")
      let folder = try context.workspace.folder("import-\(size)")
      let csv = folder + "/items.csv"
      try DataSet.writeCSV(count: size, to: csv)
      if plan.includes(.import) {
        let runs = plan.runs(forImportOf: size)
        context.progress("import · \(grouped(size)) rows · \(runs) runs per tool")
        groups.append(try importNew(size: size, csv: csv, folder: folder, runs: runs))
      }
      if plan.includes(.reimport), size == largest {
        let runs = plan.runs(forImportOf: size)
        context.progress("re-import · \(grouped(size)) rows · \(runs) runs")
        groups.append(try reimport(size: size, csv: csv, folder: folder, runs: runs))
      }
      if !plan.keepData { context.workspace.remove(folder) }
    }
    return groups
  }

  private func importNew(size: Int, csv: String, folder: String, runs: Int) throws -> ResultGroup {
    let tools = context.tools
    let workspace = context.workspace
    let scratch = workspace.scratch
    let fresh = folder + "/fresh"
    var contenders = [
      Contender(
        tool: "shoplist",
        prepare: { _ in try tools.shoplist.createEmpty(fresh + ".shoplist", scratch: scratch) },
        command: { _ in
          tools.shoplist.command(fresh + ".shoplist", ["import", csv, "--quiet"])
        },
        cleanup: { _ in workspace.removeDatabase(fresh + ".shoplist") }
      )
    ]
    var lines: [ResultLine] = []
    if let sqlite3 = tools.sqlite3 {
      contenders.append(
        Contender(
          tool: "sqlite3",
          prepare: { _ in try sqlite3.create(fresh + ".sqlite3", scratch: scratch) },
          command: { _ in sqlite3.importCSV(fresh + ".sqlite3", csv) },
          cleanup: { _ in workspace.removeDatabase(fresh + ".sqlite3") }
        ))
      let rows = folder + "/items-shoplist-schema.csv"
      try DataSet.writeShoplistRowsCSV(
        count: size, listID: SQLiteShell.shoplistSchemaListID, to: rows)
      contenders.append(
        Contender(
          tool: Self.schemaFloor,
          prepare: { _ in
            try tools.shoplist.createEmpty(fresh + ".schema", scratch: scratch)
            try sqlite3.claimShoplistList(fresh + ".schema", scratch: scratch)
          },
          command: { _ in sqlite3.importShoplistRows(fresh + ".schema", rows) },
          cleanup: { _ in workspace.removeDatabase(fresh + ".schema") }
        ))
    } else {
      lines.append(ResultLine(tool: "sqlite3", outcome: .skipped(Toolbox.skippedReason)))
    }
    if let task = tools.task, size <= BenchPlan.taskImportLimit {
      let json = folder + "/items.json"
      try DataSet.writeTaskJSON(count: size, uuids: false, to: json)
      let taskFolder = workspace.path("fresh-task")
      let store = task.store(in: taskFolder)
      contenders.append(
        Contender(
          tool: "task",
          prepare: { _ in
            workspace.remove(taskFolder)
            _ = try task.create(in: taskFolder, scratch: scratch)
          },
          command: { _ in task.importJSON(store, json) },
          cleanup: { _ in workspace.remove(taskFolder) }
        ))
    } else if tools.task == nil {
      lines.append(ResultLine(tool: "task", outcome: .skipped(Toolbox.skippedReason)))
    } else {
      lines.append(
        ResultLine(
          tool: "task",
          outcome: .skipped("skipped: above \(grouped(BenchPlan.taskImportLimit)) rows")))
    }
    let results = context.runner(runs: runs, warmups: 0).measure(contenders)
    var measured = zip(contenders, results).map { contender, result in
      ResultLine(tool: contender.tool, result: result)
    }
    if case let .failed(message) = measured[0].outcome {
      measured[0] = ResultLine(tool: "shoplist", outcome: .unavailable(message))
    }
    var group = ResultGroup(benchmark: "import CSV", items: size, lines: measured + lines)
    group.lines.sort { Self.order($0.tool) < Self.order($1.tool) }
    for index in group.lines.indices {
      group.lines[index].target = Self.target(tool: group.lines[index].tool, size: size)
    }
    return group
  }

  /// Imports the file once (untimed), then alternates a re-import of it over that store with a
  /// first import into an empty one: the re-import must be no slower, and at a million rows
  /// stay within the same memory as a first import.
  private func reimport(size: Int, csv: String, folder: String, runs: Int) throws -> ResultGroup {
    let tools = context.tools
    let workspace = context.workspace
    let scratch = workspace.scratch
    let imported = folder + "/imported.shoplist"
    let fresh = folder + "/fresh.shoplist"
    let benchmark = "re-import CSV, unchanged"
    do {
      try tools.shoplist.createEmpty(imported, scratch: scratch)
      try ChildProcess.check(
        tools.shoplist.command(imported, ["import", csv, "--quiet"]), scratch: scratch)
    } catch {
      return ResultGroup(
        benchmark: benchmark, items: size,
        lines: [ResultLine(tool: "shoplist re-import", outcome: .unavailable("\(error)"))])
    }
    let contenders = [
      Contender(tool: "shoplist re-import") { _ in
        tools.shoplist.command(imported, ["import", csv, "--quiet"])
      },
      Contender(
        tool: "shoplist first import",
        prepare: { _ in try tools.shoplist.createEmpty(fresh, scratch: scratch) },
        command: { _ in tools.shoplist.command(fresh, ["import", csv, "--quiet"]) },
        cleanup: { _ in workspace.removeDatabase(fresh) }
      ),
    ]
    let results = context.runner(runs: runs, warmups: 0).measure(contenders)
    return ResultGroup(
      benchmark: benchmark, items: size,
      lines: [
        ResultLine(
          tool: contenders[0].tool, result: results[0],
          target: size >= 1_000_000 ? .peakRSSAtMost(Self.peakRSSLimit) : nil),
        ResultLine(tool: contenders[1].tool, result: results[1], target: .atMost(1)),
      ]
    )
  }

  /// The most memory an import of a million rows may take, a first import or a re-import.
  static let peakRSSLimit = 400_000_000

  /// The `sqlite3` shell importing the same rows, already shaped as shoplist stores them, into
  /// shoplist's own schema: the floor for shoplist's data model, where the plain sqlite3 line
  /// is the floor for a list at all.
  static let schemaFloor = "sqlite3, shoplist schema"

  private static func order(_ tool: String) -> Int {
    ["shoplist", "sqlite3", schemaFloor, "task"].firstIndex(of: tool) ?? 4
  }

  /// At a million rows: at most twice sqlite3's `.import`, in at most 400 MB; and per row at
  /// least ten times faster than Taskwarrior wherever it was measured.
  private static func target(tool: String, size: Int) -> Target? {
    switch tool {
    case "shoplist" where size >= 1_000_000: .peakRSSAtMost(peakRSSLimit)
    case "sqlite3" where size >= 1_000_000: .atMost(2)
    case "task": .fasterBy(10)
    default: nil
    }
  }
}
