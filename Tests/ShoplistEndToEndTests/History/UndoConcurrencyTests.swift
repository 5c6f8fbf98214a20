import Foundation
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Undo under load and under kill -9.
@Suite(.offThePool) struct UndoConcurrencyTests {
  @Test(.onThreadsOfItsOwn) func twoProcessesUndoingAtOnceNeverRevertOneEntryTwice() async throws {
    for _ in 0..<5 {
      let shoplist = try Shoplist()
      try shoplist.ok("add", "milk")
      try shoplist.ok("add", "eggs")
      // Both take the newest entry still in force: they must take #2 and #1, one each.
      let results = try await withThrowingTaskGroup(of: Shoplist.Result.self) { group in
        for _ in 0..<2 {
          group.addTask { try await shoplist.runWithoutBlocking("undo", "--wait", "30") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
      #expect(Set(results.map(\.stdout)) == ["undid #2 add eggs\n", "undid #1 add milk\n"])
      #expect(try shoplist.names().isEmpty)
      // The same entry by number: one undoes it, the other is told it is undone already.
      try shoplist.ok("add", "tea")
      let same = try await withThrowingTaskGroup(of: Shoplist.Result.self) { group in
        for _ in 0..<2 {
          group.addTask { try await shoplist.runWithoutBlocking("undo", "5", "--wait", "30") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(same.map(\.status).sorted() == [0, 65], "\(same)")
    }
  }

  @Test(.sqlitePass) func aKilledUndoOfALargeImportLeavesTheImportOrItsUndoWhole() throws {
    let shoplist = try Shoplist()
    let rows = 30_000
    let csv =
      "name,quantity\n" + (1...rows).map { "item \($0),\($0 % 5 + 1)" }.joined(separator: "\n")
    let path = try shoplist.file("big.csv", csv + "\n")
    try shoplist.ok("import", path)
    // How long an undo takes here, to spread the kills over it.
    let clock = ContinuousClock()
    let start = clock.now
    try shoplist.ok("undo")
    let full = clock.now - start
    try shoplist.ok("redo")
    var outcomes: [String: Int] = [:]
    for attempt in 0..<8 {
      let share = Double(attempt + 1) / 9
      let status = try shoplist.runAndKill(["undo"], after: full / .seconds(1) * share)
      let count = Int(try shoplist.sqlite("SELECT count(*) FROM product")) ?? -1
      let undone = try shoplist.sqlite(
        "SELECT undoneBy IS NOT NULL FROM history WHERE kind != 'undo' ORDER BY id DESC LIMIT 1")
      // Either the import is whole and its newest entry in force, or the import is gone and
      // that entry undone: never a mix, and the history says which.
      #expect(
        (count == rows && undone == "0") || (count == 0 && undone == "1"),
        "attempt \(attempt): \(count) items, undone \(undone), exit \(status)")
      #expect(try shoplist.integrityCheck() == "ok")
      outcomes[count == 0 ? "undone" : "whole", default: 0] += 1
      if count == 0 { try shoplist.ok("redo") }
    }
    #expect(outcomes["whole", default: 0] > 0, "\(outcomes)")
  }
}
