import Foundation
import ShoplistTestTraits
import Testing

/// Imports under cron: at the same time as others, against a locked database, killed mid-way.
@Suite(.offThePool) struct ImportSafetyTests {
  func rows(_ count: Int, prefix: String) -> String {
    var csv = "name,quantity,note\n"
    for index in 1...count {
      csv += "\(prefix) \(index),\(index % 9 + 1),\"note, \(index)\"\n"
    }
    return csv
  }

  @Test(.onThreadsOfItsOwn) func twoImportsAtOnceBothSucceedAndLoseNothing() async throws {
    let shoplist = try Shoplist()
    try shoplist.ok("list")
    let files = [
      try shoplist.file("a.csv", rows(2_000, prefix: "a")),
      try shoplist.file("b.csv", rows(2_000, prefix: "b")),
    ]

    let results = try await withThrowingTaskGroup(of: Shoplist.Result.self) { group in
      for file in files {
        group.addTask { try await shoplist.runWithoutBlocking("import", file, "--wait", "60") }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
    #expect(try shoplist.names().count == 4_000)
  }

  @Test(.enabled(if: Shoplist.hasSQLite3), .sqlitePass)
  func anImportWaitingLongerThanWaitIsExit75AndWritesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("week.csv", rows(10, prefix: "item"))
    let holder = try WriteLockHolder(shoplist.database)

    let result = try shoplist.run("import", path, "--wait", "0.3")

    holder.release()
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(try shoplist.snapshot() == before)
  }

  @Test(.enabled(if: Shoplist.hasSQLite3), .sqlitePass)
  func aKilledImportLeavesTheDatabaseSoundWithNoneOrAllOfIt() throws {
    let shoplist = try Shoplist()
    let count = 100_000
    let path = try shoplist.file("big.csv", rows(count, prefix: "item"))
    let clock = ContinuousClock()
    let full = try clock.measure { try shoplist.ok("import", path, "--list", "full") }
    #expect(try shoplist.sqlite("SELECT count(*) FROM product") == "\(count)")

    // Kill points spread over a whole import, from reading the first rows to the commit; each
    // attempt imports into a list of its own, so that each is all or nothing by itself.
    var outcomes: [String: Int] = [:]
    for (attempt, share) in [0.05, 0.3, 0.6, 0.9, 1.0].enumerated() {
      let status = try shoplist.runAndKill(
        ["import", path, "--list", "killed \(attempt)"], after: full / .seconds(1) * share
      )
      outcomes[status == 0 ? "finished" : "killed", default: 0] += 1

      #expect(try shoplist.integrityCheck() == "ok")
      let imported = try shoplist.sqlite(
        """
        SELECT count(*) FROM product JOIN list ON list.id = product.listId
        WHERE list.name = 'killed \(attempt)'
        """
      )
      #expect(imported == "0" || imported == "\(count)", "killed at \(share): \(imported)")
    }
    #expect(outcomes["killed", default: 0] > 0, "\(outcomes)")
    let total = Int(try shoplist.sqlite("SELECT count(*) FROM product")) ?? -1
    #expect(total % count == 0, "\(total) items in all")
  }

  @Test func aProgressBarIsDrawnOnStderrWhenItIsATerminal() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("many.csv", rows(2_000, prefix: "item"))

    let output = try shoplist.runInTerminal("\(Shoplist.binary.path) import \(path)")

    #expect(output.contains("importing \(path)"))
    #expect(output.contains("2000 rows"))
    #expect(output.contains("imported \(path): 2000 added"))
  }

  @Test func noProgressBarIsDrawnWhenStderrIsNotATerminal() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("many.csv", rows(20_000, prefix: "item"))

    let result = try shoplist.run("import", path)

    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}
