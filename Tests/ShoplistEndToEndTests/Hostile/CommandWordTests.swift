import Foundation
import ShoplistTestTraits
import Testing

/// Global options may stand anywhere, also before `help` and an unknown command.
@Suite(.offThePool) struct CommandWordTests {
  @Test func helpWorksWithGlobalOptionsBeforeIt() throws {
    let shoplist = try Shoplist()
    let db = shoplist.folder.appendingPathComponent("x.sqlite").path
    let result = try shoplist.run("--db", db, "help", "add")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("shoplist add"), "\(result)")
  }

  @Test func anUnknownCommandIsReportedAsOne() throws {
    let shoplist = try Shoplist()
    let db = shoplist.folder.appendingPathComponent("x.sqlite").path
    for arguments in [["--db", db, "ad", "milk"], ["ad", "milk"], ["-q", "frobnicate"]] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("shoplist: unknown command"), "\(arguments): \(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
