import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A member's invite link in headless Chromium (`Browser/members_check.py`, which starts and
/// restarts `shoplist serve` itself): signed in once and for good, through a reload and a
/// restart with another token; a second browser refused in words; removal signs the phone
/// out. It leaves screenshots of the refusal page and the list signed in as a member.
@Suite(.offThePool, .sqlitePass) struct MemberBrowserTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func anInviteSignsAPhoneInForGoodAndOnlyOnce() throws {
    let shoplist = try Shoplist()
    let script = TestTools.browserScript("members_check.py", from: #filePath)

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", script.path, "--db", shoplist.location, "--binary",
        Shoplist.binary.path, "--shots", TestTools.screenshotFolder(from: #filePath).path,
      ], environment: ["PYTHONDONTWRITEBYTECODE": "1"])

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("6 passed, 0 failed"), "\(result.stdout)")
  }
}
