import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The page's model (`Page/model.js`: its state, intents and pure `update`) tested on its own
/// by `PageModel/model_test.mjs` under Node's test runner: phrases sent as typed, Undo of a
/// change queued or recorded, a refusal in history's words, others' changes highlighted, the
/// editor's fields, and the aisle order.
@Suite struct PageModelTests {
  @Test(
    .enabled(if: TestTools.runs(needing: TestTools.hasNode), "needs Node.js"),
    .runningTimeLimit(.seconds(60)))
  func theModelPassesItsOwnTests() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let model = here.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ShoplistServer/Page/model.js")
    let process = Subprocess()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "node", "--test", here.appendingPathComponent("PageModel/model_test.mjs").path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["SHOPLIST_MODEL": model.path]) { $1 }
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("# fail 0"), "\(text)")
    #expect(!text.contains("# pass 0"), "\(text)")
  }
}
