import Foundation
import ShoppingStorage

/// Ten writers adding fifty items each at once to one store of 100 items: how many commands
/// failed, how many successful adds are missing afterwards, and how long it all took.
struct ConcurrencyBenchmark {
  let context: BenchContext

  static let initialItems = 100

  /// One tool's way through the row: make a store, count its items, add one.
  private struct Writer {
    let tool: String
    let makeStore: (String) throws -> Void
    let count: (String) throws -> Int
    let add: @Sendable (String, String) -> Invocation
  }

  func run() -> [ConcurrencyResult] {
    let plan = context.plan
    let writers = makeWriters()
    var failures = Array(repeating: 0, count: writers.count)
    var lost = Array(repeating: 0, count: writers.count)
    var seconds = Array(repeating: [Double](), count: writers.count)
    var notes: [String?] = Array(repeating: nil, count: writers.count)
    var broken: Set<Int> = []
    context.progress(
      """
      concurrent · \(plan.concurrentProcesses) processes × \(plan.concurrentAddsEach) adds · \
      \(plan.concurrentRepeats) repeats per tool
      """)
    for repeatIndex in 0..<plan.concurrentRepeats {
      for offset in writers.indices {
        let index = (offset + repeatIndex) % writers.count
        guard !broken.contains(index) else { continue }
        let writer = writers[index]
        let add = writer.add
        do {
          let folder = try context.workspace.folder("concurrent-\(writer.tool)")
          let store = folder + "/store"
          try writer.makeStore(store)
          let before = try writer.count(store)
          let outcome = ConcurrentRun.run(
            processes: plan.concurrentProcesses, each: plan.concurrentAddsEach,
            scratch: context.workspace.path("concurrent")
          ) { worker, number in
            add(store, "writer \(worker) item \(number) round \(repeatIndex)")
          }
          let after = try writer.count(store)
          let succeeded = plan.concurrentProcesses * plan.concurrentAddsEach - outcome.failures
          failures[index] += outcome.failures
          lost[index] += max(0, succeeded - (after - before))
          seconds[index].append(outcome.seconds)
          if notes[index] == nil { notes[index] = outcome.firstFailure }
          if !plan.keepData { context.workspace.remove(folder) }
        } catch {
          broken.insert(index)
          notes[index] = "\(error)"
        }
      }
    }
    var results = writers.indices.map { index in
      ConcurrencyResult(
        tool: writers[index].tool, processes: plan.concurrentProcesses,
        addsEach: plan.concurrentAddsEach, repeats: seconds[index].count,
        failures: failures[index], lost: lost[index], seconds: Summary(seconds[index]),
        note: notes[index], hasTarget: writers[index].tool == "shoplist")
    }
    for (tool, installed) in [
      ("sqlite3", context.tools.sqlite3 != nil),
      ("task", context.tools.task != nil),
    ] where !installed {
      results.append(
        ConcurrencyResult(
          tool: tool, processes: plan.concurrentProcesses, addsEach: plan.concurrentAddsEach,
          repeats: 0, failures: 0, lost: 0, seconds: nil, note: Toolbox.skippedReason,
          hasTarget: false))
    }
    return results
  }

  private func makeWriters() -> [Writer] {
    let tools = context.tools
    let scratch = context.workspace.scratch
    let shoplist = tools.shoplist
    var writers = [
      Writer(
        tool: "shoplist",
        makeStore: { try shoplist.create($0, items: Self.initialItems) },
        count: { try shoplist.itemCount($0, scratch: scratch) },
        add: { store, name in shoplist.command(store, ["add", name]) }
      )
    ]
    if let sqlite3 = tools.sqlite3 {
      writers.append(
        Writer(
          tool: "sqlite3",
          makeStore: { store in
            let csv = store + ".csv"
            try DataSet.writeCSV(count: Self.initialItems, to: csv)
            try sqlite3.create(store, importing: csv, scratch: scratch)
          },
          count: { try sqlite3.itemCount($0, scratch: scratch) },
          add: { store, name in sqlite3.insert(store, name: name, waitingForLocks: true) }
        ))
    }
    if let task = tools.task {
      writers.append(
        Writer(
          tool: "task",
          makeStore: { store in
            let json = store + ".json"
            try DataSet.writeTaskJSON(count: Self.initialItems, uuids: true, to: json)
            _ = try task.create(in: store, importing: json, scratch: scratch)
          },
          count: { try task.pendingCount(task.store(in: $0), scratch: scratch) },
          add: { store, name in task.add(task.store(in: store), name: name) }
        ))
    }
    return writers
  }
}
