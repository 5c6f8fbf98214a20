import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A dry run writes nothing: not even a database file that does not exist.
@Suite(.offThePool) struct DryRunTests {
  @Test(.sqlitePass) func aDryRunCreatesNoDatabase() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("week.txt", "milk\neggs\n")

    let result = try shoplist.run("import", path, "--dry-run")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "would import \(path): 2 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
    #expect(
      !FileManager.default.fileExists(atPath: shoplist.database.deletingLastPathComponent().path))
  }

  @Test(
    .enabled(if: TestTools.runsAsRoot, "running as another user needs root"), .sqlitePass)
  func aDryRunWorksOnADatabaseTheUserCannotWrite() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "jam")
    let path = try shoplist.file("week.txt", "milk\neggs\n")
    try shell(
      "/bin/chmod", "755", shoplist.folder.path, shoplist.database.deletingLastPathComponent().path)
    try shell("/bin/chmod", "644", shoplist.database.path, path)
    let before = shoplist.databaseBytes()

    let result = try shoplist.runAsNobody(["import", path, "--dry-run", "--mode", "replace"])

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("1 added, 0 updated, 1 unchanged, 1 removed"), "\(result)")
    #expect(result.stdout.contains("would remove jam from shopping"), "\(result)")
    #expect(shoplist.databaseBytes() == before)
  }
}
