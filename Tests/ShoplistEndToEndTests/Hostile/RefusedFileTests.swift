import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A file shoplist refuses is left byte for byte as it was, journal mode included, with
/// nothing created beside it.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct RefusedFileTests {
  func companions(_ shoplist: Shoplist) throws -> [String] {
    let folder = shoplist.database.deletingLastPathComponent().path
    return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func aForeignSchemaUnderShoplistsApplicationIDIsNotSwitchedToWAL() throws {
    let shoplist = try Shoplist()
    try FileManager.default.createDirectory(
      at: shoplist.database.deletingLastPathComponent(), withIntermediateDirectories: true
    )
    _ = try shoplist.sqlite(
      "PRAGMA application_id = 1397247824; PRAGMA user_version = 1; CREATE TABLE note (text);"
    )
    let before = shoplist.databaseBytes()

    for arguments in [["list"], ["add", "milk"], ["lists"], ["export"]] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(result.stderr.contains("not a shoplist database"), "\(result)")
    }

    #expect(shoplist.databaseBytes() == before)
    #expect(try companions(shoplist) == ["shoplist.sqlite"])
    #expect(try shoplist.sqlite("PRAGMA journal_mode") == "delete")
  }

  @Test(arguments: ["foreign", "newer"])
  func aRefusedDatabaseInWALModeGetsNoCompanionFiles(kind: String) throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    if kind == "foreign" {
      _ = try shoplist.sqlite("PRAGMA application_id = 7")
    } else {
      _ = try shoplist.sqlite("PRAGMA user_version = 99")
    }
    let before = shoplist.databaseBytes()

    let result = try shoplist.run("add", "eggs")

    #expect(result.status == (kind == "foreign" ? 74 : 78), "\(result)")
    #expect(shoplist.databaseBytes() == before)
    #expect(try companions(shoplist) == ["shoplist.sqlite"])
  }

  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func aWriteRefusedOnAReadOnlyDatabaseCreatesNothingBesideIt() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let folder = shoplist.database.deletingLastPathComponent()
    // The folder is writable by everyone, the file by its owner only: SQLite could create
    // its companions there, and must not.
    try shell("/bin/chmod", "755", shoplist.folder.path)
    try shell("/bin/chmod", "777", folder.path)
    try shell("/bin/chmod", "644", shoplist.database.path)
    let before = shoplist.databaseBytes()

    let result = try shoplist.runAsNobody(["add", "eggs"])

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains("read-only"), "\(result)")
    #expect(shoplist.databaseBytes() == before)
    #expect(try companions(shoplist) == ["shoplist.sqlite"])
  }
}
