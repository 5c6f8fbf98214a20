import Foundation
import Testing

/// Random runs of commands, undos (with and without a number) and redos, each step checked
/// against a plain model of what is in force (see ``HistoryRun``): in memory, and a quarter
/// as many on database files.
/// Seeded: every run of the suite plays the same runs, and a failure names its seed and
/// steps. `SHOPLIST_HISTORY_RUNS` plays more runs, `SHOPLIST_HISTORY_STEPS` longer ones, and
/// `SHOPLIST_HISTORY_SEED` starts elsewhere.
@Suite struct HistoryPropertyTests {
  static let environment = ProcessInfo.processInfo.environment
  static let runs = Int(environment["SHOPLIST_HISTORY_RUNS"] ?? "") ?? 40
  static let firstSeed = UInt64(environment["SHOPLIST_HISTORY_SEED"] ?? "") ?? 0x4157_0000
  static let steps = Int(environment["SHOPLIST_HISTORY_STEPS"] ?? "") ?? 60

  @Test(arguments: [StorageChoice.memory, .sqlite])
  func undoAndRedoKeepTheMarksTrueAndTakeBackExactly(storage: StorageChoice) throws {
    var reverted = 0
    var refused = 0
    let runs = storage == .memory ? Self.runs : max(1, Self.runs / 4)
    for offset in 0..<UInt64(runs) {
      var run = try HistoryRun(seed: Self.firstSeed + offset, storage: storage)
      defer { run.removeFolder() }
      do {
        try run.play(steps: Self.steps)
      } catch {
        let steps = run.log.joined(separator: "\n")
        Issue.record("seed \(run.seed), step \(run.log.count): \(error)\n\(steps)")
        return
      }
      reverted += run.reverted
      refused += run.refused
    }
    // Not a vacuous run: most undos and redos go through.
    #expect(reverted > refused * 2, "\(reverted) undos and redos, \(refused) refused")
  }
}
