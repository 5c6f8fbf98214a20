import Foundation
import ShoplistTestTraits
import Testing

/// A disk with less room than SQLite's shared memory needs: the disk is full, said so, and
/// nothing of shoplist's is left taking the last space.
@Suite(.offThePool, .sqlitePass) struct NearlyFullDiskTests {
  @Test(.enabled(if: FaultTests.canMount, "mounting a small filesystem needs root"))
  func aNearlyFullDiskIsReportedAsFullAndLeavesNoCompanionFiles() throws {
    var shoplist = try Shoplist()
    let mountPoint = shoplist.folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    try shell("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path)
    defer { _ = try? shell("/bin/umount", "-l", mountPoint.path) }
    shoplist.environment["SHOPLIST_DB"] = mountPoint.appendingPathComponent("db.sqlite").path
    try shoplist.ok("add", "milk")
    // Leave 16 KB: less than the 32 KB of shared memory a connection maps.
    let available =
      try shell("/bin/df", "-k", "--output=avail", mountPoint.path)
      .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
    let filler = mountPoint.appendingPathComponent("filler")
    _ = FileManager.default.createFile(
      atPath: filler.path, contents: Data(count: (available - 16) * 1024)
    )

    let result = try shoplist.run("add", "eggs")

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains("the disk is full"), "\(result)")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: mountPoint.path))
        == ["db.sqlite", "filler"])
    try FileManager.default.removeItem(at: filler)
    #expect(try shoplist.names() == ["milk"])
  }
}
