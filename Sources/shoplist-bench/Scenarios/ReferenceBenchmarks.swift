/// The many-references row: one `check` (then `uncheck`, alternately, so that every run
/// changes every item it names) of every second item by number, on lists of twice that many
/// items. The time must grow with the number of references, not with its square.
struct ReferenceBenchmarks {
  let context: BenchContext

  /// The goal for the largest count: 20,000 references on a 40,000-item list.
  static let target = Target.secondsAtMost(0.5)

  func run() throws -> [ResultGroup] {
    let plan = context.plan
    guard let largest = plan.referenceCounts.first else { return [] }
    var lines: [ResultLine] = []
    for (offset, count) in plan.referenceCounts.enumerated() {
      context.progress("check · \(grouped(count)) numbers on \(grouped(2 * count)) items")
      let folder = try context.workspace.folder("references-\(count)")
      let store = folder + "/shoplist.sqlite"
      try context.tools.shoplist.create(store, items: 2 * count)
      let numbers = stride(from: 2, through: 2 * count, by: 2).map(String.init)
      let tools = context.tools
      let label = "shoplist, \(grouped(count)) numbers on \(grouped(2 * count))"
      let contender = Contender(tool: label) { iteration in
        tools.shoplist.command(store, [iteration % 2 == 0 ? "check" : "uncheck"] + numbers)
      }
      let runs = min(plan.runs, 5)
      let result = context.runner(runs: runs, warmups: 1).measure([contender])[0]
      lines.append(
        ResultLine(
          tool: contender.tool, result: result,
          // The later lines show the growth: at half the numbers, about half the time.
          target: offset == 0 && count == 20_000 ? Self.target : nil
        ))
      if !plan.keepData { context.workspace.remove(folder) }
    }
    return [ResultGroup(benchmark: "check N numbers", items: 2 * largest, lines: lines)]
  }
}
