import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults from the world: a full disk, a read-only database. Each gives the documented exit
/// code and one line, and loses nothing.
@Suite(.offThePool, .sqlitePass) struct FaultTests {
  /// A tiny filesystem of its own, so "disk full" is real, not simulated. Needs root (mount);
  /// elsewhere the test is skipped with a note, but in CI it runs.
  static var canMount: Bool {
    TestTools.runs(needing: geteuid() == 0 && TestTools.has("/bin/mount"))
  }

  @Test(.enabled(if: canMount, "mounting a small filesystem needs root"))
  func aFullDiskIsExit74AndKeepsEverythingWritten() throws {
    var shoplist = try Shoplist()
    let mountPoint = shoplist.folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    try shell("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path)
    defer { _ = try? shell("/bin/umount", "-l", mountPoint.path) }
    shoplist.environment["SHOPLIST_DB"] =
      mountPoint.appendingPathComponent("db/shoplist.sqlite").path
    try shoplist.ok("add", "milk")
    // Fill all but 80 KB of the disk (whatever the new database took), then add items until
    // the database cannot grow.
    let filler = mountPoint.appendingPathComponent("filler")
    let free = try #require(
      try FileManager.default.attributesOfFileSystem(forPath: mountPoint.path)[.systemFreeSize]
        as? Int)
    #expect(
      FileManager.default.createFile(
        atPath: filler.path, contents: Data(count: max(0, free - 80 * 1024))))
    var added: [String] = []
    var failure: Shoplist.Result?
    let note = String(repeating: "n", count: 200)
    for batch in 0..<200 {
      let names = (0..<10).map { "item \(batch)-\($0)" }
      let result = try shoplist.run(
        arguments: ["add"] + names + ["--note", note, "--category", note])
      if result.status != 0 {
        failure = result
        break
      }
      added += names
    }

    let full = try #require(failure, "the disk never filled")
    #expect(full.status == 74, "\(full)")
    #expect(full.stderr.hasPrefix("shoplist: ") && full.stderr.contains("full"), "\(full)")
    #expect(full.stderr.split(separator: "\n").count == 1)
    // Space back: everything written before is there, the failed command is wholly absent.
    try FileManager.default.removeItem(at: filler)
    let names = Set(try shoplist.names())
    #expect(names == Set(["milk"] + added))
    #expect(try shoplist.integrityCheck() == "ok")
    try shoplist.ok("add", "after the storm")
  }

  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func aReadOnlyDatabaseIsExit74AndUnchanged() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let folder = shoplist.database.deletingLastPathComponent()
    // Readable by everyone, writable by its owner only: a user who is not the owner reads it
    // but cannot change it.
    try shell("/bin/chmod", "755", shoplist.folder.path, folder.path)
    try shell("/bin/chmod", "644", shoplist.database.path)
    for sidecar in ["-wal", "-shm"]
    where FileManager.default.fileExists(atPath: shoplist.database.path + sidecar) {
      try shell("/bin/chmod", "644", shoplist.database.path + sidecar)
    }
    let before = shoplist.fileBytes(shoplist.database)

    let result = try shoplist.runAsNobody(["add", "eggs"])
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(shoplist.fileBytes(shoplist.database) == before)
    #expect(try shoplist.names() == ["milk"])
  }

  @Test(.enabled(if: TestTools.runsAsRoot, "running as another user needs root"))
  func aFolderThatCannotBeWrittenIsExit74() throws {
    let shoplist = try Shoplist()
    let locked = shoplist.folder.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try shell("/bin/chmod", "755", shoplist.folder.path, locked.path)
    let result = try shoplist.runAsNobody(
      ["list", "--db", locked.appendingPathComponent("sub/db.sqlite").path]
    )
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "))
  }
}

/// Runs a program and requires it to succeed.
@discardableResult
func shell(_ program: String, _ arguments: String...) throws -> String {
  let process = Subprocess()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  guard process.terminationStatus == 0 else {
    throw Shoplist.Failure("\(program) \(arguments) failed: \(text)")
  }
  return text
}

extension Shoplist {
  /// Runs shoplist as the unprivileged user `nobody`, which root's file permissions bind.
  func runAsNobody(_ arguments: [String]) throws -> Result {
    try run(arguments: arguments, asUser: 65534)
  }
}
