import Testing

@testable import shoplist_bench

@Test func theMedianOfAnOddCountIsTheMiddleSample() throws {
  let summary = try #require(Summary([5, 1, 3]))
  #expect(summary.median == 3)
  #expect(summary.count == 3)
}

@Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() throws {
  let summary = try #require(Summary([4, 1, 3, 2]))
  #expect(summary.median == 2.5)
}

@Test func theP90IsTheNearestRankPercentile() throws {
  let summary = try #require(Summary((1...20).map(Double.init)))
  #expect(summary.p90 == 18)
  #expect(Summary([7])?.p90 == 7)
  #expect(Summary([]) == nil)
}

@Test func aRatioDividesShoplistsMedianByThePeers() throws {
  let group = ResultGroup(
    benchmark: "add", items: 100,
    lines: [
      ResultLine(tool: "shoplist", outcome: .measured(try timing(seconds: 0.006))),
      ResultLine(
        tool: "sqlite3", outcome: .measured(try timing(seconds: 0.004)), target: .atMost(2)),
      ResultLine(
        tool: "task", outcome: .measured(try timing(seconds: 0.03)), target: .fasterBy(10)),
      ResultLine(tool: "todo-txt", outcome: .skipped("skipped: not installed"), target: .atMost(1)),
    ]
  )
  #expect(group.ratio(of: group.lines[1]) == 1.5)
  #expect(group.verdict(of: group.lines[1]) == .pass)
  #expect(group.verdict(of: group.lines[2]) == .miss)
  #expect(group.verdict(of: group.lines[3]) == .notMeasured)
  #expect(group.verdict(of: group.lines[0]) == nil)
}

@Test func sizesAndRowsParseFromTheirOptions() throws {
  let options = try BenchOptions.parse([
    "--sizes", "10000,100", "--rows", "list,add", "--runs", "4",
  ])
  let plan = options.plan()
  #expect(plan.sizes == [100, 10_000])
  #expect(plan.rows == [.add, .list])
  #expect(plan.runs(forItems: 100) == 4)
  #expect(plan.runs(forItems: 100_000) == 3)
  #expect(throws: (any Error).self) { try BenchOptions.parse(["--rows", "nonsense"]) }
  #expect(throws: (any Error).self) { try BenchOptions.parse(["--sizes", "0"]) }
  #expect(plan.previousPath == nil)
  #expect(
    try BenchOptions.parse(["--previous", "/opt/old/shoplist"]).plan().previousPath
      == "/opt/old/shoplist")
}

@Test func numbersAreFormattedForTheTable() {
  #expect(grouped(1_234_567) == "1,234,567")
  #expect(grouped(100) == "100")
  #expect(duration(0.00371) == "3.71 ms")
  #expect(duration(1.5) == "1.50 s")
  #expect(megabytes(400_000_000) == "400 MB")
}

private func timing(seconds: Double) throws -> Timing {
  Timing(seconds: try #require(Summary([seconds])), peakRSSBytes: 1_000_000)
}

@Test func aPercentileIsTheNearestRankSample() {
  let samples = (1...20).map(Double.init)
  #expect(Summary.percentile(95, of: samples) == 19)
  #expect(Summary.percentile(50, of: samples) == 10)
  #expect(Summary.percentile(95, of: []) == 0)
  #expect(throws: Never.self) { try BenchmarkRow.parseList("serve") }
}

@Test func aServeWriteIsHeldToTwiceThePreviousBuildsRate() {
  func line(_ tool: String, _ rate: Double) -> ServeResult {
    var line = ServeResult(benchmark: "PATCH", tool: tool, value: "\(rate)")
    line.amount = rate
    return line
  }
  let lines = [
    line("shoplist", 3_000), line(ServeBenchmarks.previousTool, 1_600),
    line("Hummingbird hello world", 30_000),
  ]

  let writes = ServeBenchmarks.againstPrevious(lines, writing: true)
  #expect(writes[0].met == false)
  #expect(writes[0].target == "≥ 2× previous build")
  #expect(writes[0].note == "1.88× the previous build's rate")
  #expect(writes[1].met == nil)
  let doubled = ServeBenchmarks.againstPrevious(
    [line("shoplist", 3_300)] + lines.dropFirst(), writing: true)
  #expect(doubled[0].met == true)

  let reads = ServeBenchmarks.againstPrevious(lines, writing: false)
  #expect(reads[0].met == nil)
  #expect(reads[0].note == "1.88× the previous build's rate")
  // Without a previous build, nothing is said.
  #expect(ServeBenchmarks.againstPrevious([line("shoplist", 1)], writing: true)[0].note == nil)
}
