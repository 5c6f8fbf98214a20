import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A database the user may read but not write: reading works, writing says why, and the file
/// stays exactly as it was.
@Suite(.offThePool, .sqlitePass) struct ReadOnlyTests {
  /// A database owned by root that `nobody` can read but not write.
  func readOnlyDatabase() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    try shoplist.ok("add", "nails", "--list", "hardware")
    let folder = shoplist.database.deletingLastPathComponent()
    try shell("/bin/chmod", "755", shoplist.folder.path, folder.path)
    try shell("/bin/chmod", "644", shoplist.database.path)
    return shoplist
  }

  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func listListsAndExportWork() throws {
    let shoplist = try readOnlyDatabase()
    let before = shoplist.databaseBytes()

    let list = try shoplist.runAsNobody(["list", "--json"])
    let lists = try shoplist.runAsNobody(["lists"])
    let export = try shoplist.runAsNobody(["export", "--all-lists", "--format", "text"])

    #expect(list.status == 0, "\(list)")
    #expect(try list.itemNames() == ["milk", "eggs"])
    #expect(lists.status == 0, "\(lists)")
    #expect(lists.stdout.contains("hardware"), "\(lists)")
    #expect(export.status == 0, "\(export)")
    #expect(export.stdout.contains("nails"), "\(export)")
    #expect(shoplist.databaseBytes() == before)
    let folder = shoplist.database.deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["shoplist.sqlite"])
  }

  /// Reads never write: the default list, not made yet, reads as an empty list from a file
  /// nobody may write, as it would from one they may.
  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func theDefaultListNotMadeYetReadsAsEmptyWithoutBeingMade() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "nails", "--list", "hardware")
    let folder = shoplist.database.deletingLastPathComponent()
    try shell("/bin/chmod", "755", shoplist.folder.path, folder.path)
    try shell("/bin/chmod", "644", shoplist.database.path)
    let before = shoplist.databaseBytes()

    let json = try shoplist.runAsNobody(["list", "--json"])
    let text = try shoplist.runAsNobody(["list"])
    let export = try shoplist.runAsNobody(["export"])
    let lists = try shoplist.runAsNobody(["lists"])

    #expect(
      json.status == 0 && json.stdout == #"{"list": "shopping", "items": []}"# + "\n", "\(json)")
    #expect(text.status == 0 && text.stdout.hasPrefix("shopping · empty"), "\(text)")
    #expect(export.status == 0, "\(export)")
    #expect(lists.stdout == "hardware  1 item, 0 checked\n", "\(lists)")
    #expect(shoplist.databaseBytes() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shoplist.sqlite"])
  }

  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func aWriteIsExit74NamingTheDatabaseAsReadOnly() throws {
    let shoplist = try readOnlyDatabase()
    let before = shoplist.databaseBytes()

    let result = try shoplist.runAsNobody(["check", "milk"])

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains("read-only"), "\(result)")
    #expect(result.stderr.contains(shoplist.database.path), "\(result)")
    #expect(shoplist.databaseBytes() == before)
  }
}
