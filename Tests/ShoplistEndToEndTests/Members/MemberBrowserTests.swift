import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A member's invite link in headless Chromium (`Browser/members_check.py`, which starts and
/// restarts `shoplist serve` itself): a page with one button that signs the device in once and
/// for good, through a reload and a restart with another token; a second browser refused in
/// words; "Add another device" with a QR code zbarimg reads as the link; removal signs every
/// device out, in words, with nothing kept. It leaves screenshots of the join page, the
/// refusal page, the list signed in as a member, the QR code and the removed device.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct MemberBrowserTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func anInviteSignsAPhoneInForGoodAndOnlyOnce() throws {
    let result = try Shoplist().browserCheck("members_check.py", from: #filePath)

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("9 passed, 0 failed"), "\(result.stdout)")
  }
}
