import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The page doing a household's shopping in headless Chromium at 390x844
/// (`Browser/household_check.py`) against the real binary serving a real database: the basket
/// section, the aisle view, the item editor, suggestions, quantity phrases, a real undo and
/// redo with a conflict said in words, others' changes highlighted with who made them, all of
/// it offline too, and a 60-item list read through Chromium's accessibility tree. It leaves
/// screenshots, light and dark, of each.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct HouseholdPageTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(240)))
  func theHouseholdsWeekOnThePage() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist, ["--wait", "1"])
    let script = TestTools.browserScript("household_check.py", from: #filePath)

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", script.path, "--url", server.base, "--token", server.token,
        "--db", shoplist.location, "--binary", Shoplist.binary.path,
        "--shots", TestTools.screenshotFolder(from: #filePath).path,
      ], environment: ["PYTHONDONTWRITEBYTECODE": "1"])

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("15 passed, 0 failed"), "\(result.stdout)")
    #expect(server.stop().status == 0)
  }
}
