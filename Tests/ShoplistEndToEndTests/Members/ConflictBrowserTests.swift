import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Two members, each on a phone in headless Chromium (`Browser/conflicts_check.py`, which
/// starts `shoplist serve` itself): offline changes that meet the other's end with the other's
/// change intact and the page naming who changed what, when, and what it is now, with "Use
/// mine"; an offline add of an item nobody touched is applied; an undo conflict is said with
/// no history number nor option. It leaves screenshots of "Use mine" and the undo refusal.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct ConflictBrowserTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func twoMembersConflictsAreSaidInPeoplesWords() throws {
    let result = try Shoplist().browserCheck("conflicts_check.py", from: #filePath)

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("4 passed, 0 failed"), "\(result.stdout)")
  }
}
