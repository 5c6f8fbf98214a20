import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A tap on a 7,000-item list in headless Chromium (`Browser/tap_bytes_check.py`) against the
/// real binary serving a real database: the page asks for the changed item alone and reads
/// nothing whole after its own change, so the tap moves under 2 KB; reopened, the unchanged
/// list comes back as a 304.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct TapBytesPageTests {
  static let items = 7_000

  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(180)))
  func aTapOnALongListMovesUnderTwoKilobytes() throws {
    let shoplist = try Shoplist()
    let rows = (1...Self.items).map { "item \($0),\($0 % 5 + 1)" }.joined(separator: "\n")
    let imported = try shoplist.run(
      arguments: ["import", "-", "--format", "csv", "-q"], stdin: "name,quantity\n" + rows)
    #expect(imported.status == 0, "\(imported)")
    let server = try ServingShoplist(shoplist)
    let script = TestTools.browserScript("tap_bytes_check.py", from: #filePath)

    let result = try shoplist.runTool(
      "/usr/bin/env",
      [
        "python3", script.path, "--url", server.base, "--token", server.token,
        "--db", shoplist.location, "--binary", Shoplist.binary.path, "--items", "\(Self.items)",
      ], environment: ["PYTHONDONTWRITEBYTECODE": "1"])

    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2_000))")
    #expect(result.stdout.contains("6 passed, 0 failed"), "\(result.stdout)")
    #expect(server.stop().status == 0)
  }
}
