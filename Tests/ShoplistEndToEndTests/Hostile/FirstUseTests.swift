import Foundation
import ShoplistTestTraits
import Testing

/// Eight processes that all find no database: each waits for the one creating it. Forty rounds
/// in the suite (the build that raced failed 3 of its first 10);
/// `SHOPLIST_FIRST_USE_ROUNDS=1000` for the long run RELIABILITY.md records.
@Suite(.offThePool, .sqlitePass) struct FirstUseTests {
  @Test(.onThreadsOfItsOwn)
  func eightProcessesOnADatabaseThatDoesNotExistYetAllSucceed() async throws {
    let rounds = Int(ProcessInfo.processInfo.environment["SHOPLIST_FIRST_USE_ROUNDS"] ?? "") ?? 40
    var shoplist = try Shoplist()
    var failures: [String] = []
    for round in 0..<rounds {
      shoplist.environment["SHOPLIST_DB"] =
        shoplist.folder.appendingPathComponent("round-\(round)/db.sqlite").path
      let runner = shoplist
      let results = try await withThrowingTaskGroup(of: Shoplist.Result.self) { group in
        for process in 0..<8 {
          group.addTask {
            process % 2 == 0
              ? try await runner.runWithoutBlocking("add", "item \(process)")
              : try await runner.runWithoutBlocking("list", "--json")
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      failures += results.filter { $0.status != 0 }.map { "round \(round): \($0)" }
      let names = Set(try runner.names())
      if names != ["item 0", "item 2", "item 4", "item 6"] {
        failures.append("round \(round): \(names)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}
