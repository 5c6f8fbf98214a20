import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A household's week from the page alone (`Browser/week_check.py`, which starts `shoplist
/// serve` itself): two members' phones in headless Chromium at 390×844 rename, move and delete
/// lists (Undo brings one back), read and undo from the History view (a member's, the command
/// line's and an import's entries, with who and when; a refusal in people's words), pick a
/// shop and reorder its aisles (the other phone follows live), and meet remembered
/// categories and suggestions. It leaves screenshots of each screen, light and dark.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct WeekBrowserTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func aHouseholdsWeekRunsFromThePage() throws {
    let result = try Shoplist().browserCheck("week_check.py", from: #filePath)

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("7 passed, 0 failed"), "\(result.stdout)")
  }
}
