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
