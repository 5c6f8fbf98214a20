import Foundation
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `export --output`: never onto the database, `-` for stdout, links followed, the format from
/// the extension, and data printed even with `--quiet`.
@Suite(.offThePool) struct ExportOutputTests {
  func filled() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    return shoplist
  }

  @Test(.sqlitePass, arguments: ["", "-wal", "-shm", "-journal"])
  func theDatabaseOrItsCompanionFilesAreRefusedWithExit73(suffix: String) throws {
    let shoplist = try filled()
    let before = shoplist.databaseBytes()

    let result = try shoplist.run("export", "--output", shoplist.database.path + suffix)

    #expect(result.status == 73, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(shoplist.databaseBytes() == before)
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test(.sqlitePass) func theDatabaseThroughALinkOrAnotherSpellingIsRefused() throws {
    let shoplist = try filled()
    let link = shoplist.folder.appendingPathComponent("backup.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: shoplist.database)
    let before = shoplist.databaseBytes()
    let folder = shoplist.database.deletingLastPathComponent()
    let dotted = folder.path + "/../data/./" + shoplist.database.lastPathComponent

    for target in [link.path, dotted] {
      let result = try shoplist.run("export", "--output", target)
      #expect(result.status == 73, "\(target): \(result)")
    }
    #expect(shoplist.databaseBytes() == before)
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test func aFolderOrAMissingFolderIsExit73AndWritesNothing() throws {
    let shoplist = try filled()
    let missing = shoplist.folder.appendingPathComponent("nope/backup.json").path

    let folder = try shoplist.run("export", "--output", shoplist.folder.path)
    let absent = try shoplist.run("export", "--output", missing)

    #expect(folder.status == 73, "\(folder)")
    #expect(absent.status == 73, "\(absent)")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func dashIsStandardOutput() throws {
    let shoplist = try filled()
    let result = try shoplist.run(
      arguments: ["export", "--output", "-", "--format", "text"], workingDirectory: shoplist.folder
    )
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "[ ] milk\n[ ] eggs\n")
    #expect(
      !FileManager.default.fileExists(atPath: shoplist.folder.appendingPathComponent("-").path))
  }

  @Test func aLinkIsFollowedItsTargetReplacedAndTheLinkKept() throws {
    let shoplist = try filled()
    let target = shoplist.folder.appendingPathComponent("real.txt")
    try Data("old\n".utf8).write(to: target)
    let link = shoplist.folder.appendingPathComponent("link.txt")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

    let result = try shoplist.run("export", "--output", link.path)

    #expect(result.status == 0, "\(result)")
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(
      String(decoding: try Data(contentsOf: target), as: UTF8.self) == "[ ] milk\n[ ] eggs\n")
  }

  @Test(arguments: [
    ("backup.csv", "name,quantity,unit,category,note,checked,list,id,addedAt,updatedAt\n"),
    ("backup.json", #"{"format": "shoplist/1", "lists": ["#),
    ("backup.ndjson", #"{"id": ""#),
    ("backup.jsonl", #"{"id": ""#),
    ("backup.txt", "[ ] milk\n"),
    ("backup.data", #"{"format": "shoplist/1", "lists": ["#),
  ])
  func theFormatFollowsTheExtension(file: String, start: String) throws {
    let shoplist = try filled()
    let path = shoplist.folder.appendingPathComponent(file).path

    let result = try shoplist.run("export", "--output", path)

    #expect(result.status == 0, "\(result)")
    let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(written.hasPrefix(start), "\(file): \(written)")
  }

  @Test func quietSilencesMessagesNotTheExport() throws {
    let shoplist = try filled()
    let quiet = try shoplist.run("-q", "export", "--format", "text")
    #expect(quiet.stdout == "[ ] milk\n[ ] eggs\n", "\(quiet)")
    let path = shoplist.folder.appendingPathComponent("out.txt").path
    let toFile = try shoplist.run("-q", "export", "--output", path)
    #expect(toFile.stdout.isEmpty, "\(toFile)")
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test(.enabled(if: FaultTests.canMount, "mounting a small filesystem needs root"))
  func anExportThatFillsTheDiskLeavesTheOldFileAndNoTemporaryFile() throws {
    let shoplist = try Shoplist()
    let names = (0..<400).map { "item \($0) " + String(repeating: "x", count: 150) }
    try shoplist.ok(arguments: ["add"] + names)
    let mountPoint = shoplist.folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    try shell("/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path)
    defer { _ = try? shell("/bin/umount", "-l", mountPoint.path) }
    let target = mountPoint.appendingPathComponent("backup.json")
    try Data("old\n".utf8).write(to: target)

    let result = try shoplist.run("export", "--output", target.path)

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains("full"), "\(result)")
    #expect(try Data(contentsOf: target) == Data("old\n".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path)
    #expect(left == ["backup.json"])
  }
}
