import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults around an import: a full disk, the database file swapped while the import waits,
/// input that ends mid-row. Each gives the documented exit code and one line, and loses nothing.
@Suite(.offThePool, .sqlitePass) struct ImportFaultTests {
  func csv(_ count: Int, prefix: String) -> String {
    "name,note\n"
      + (0..<count).map { "\(prefix) \($0),\(String(repeating: "n", count: 150))\n" }
      .joined()
  }

  @Test(.enabled(if: FaultTests.canMount, "mounting a small filesystem needs root"))
  func anImportThatFillsTheDiskIsExit74AndWritesNothing() throws {
    var shoplist = try Shoplist()
    let mountPoint = shoplist.folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    try shell("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path)
    defer { _ = try? shell("/bin/umount", "-l", mountPoint.path) }
    shoplist.environment["SHOPLIST_DB"] = mountPoint.appendingPathComponent("shoplist.sqlite").path
    try shoplist.ok("add", "milk")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("big.csv", csv(20_000, prefix: "item"))

    let result = try shoplist.run("import", path)

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: ") && result.stderr.contains("full"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try shoplist.snapshot() == before)
    #expect(try shoplist.integrityCheck() == "ok")
  }

  @Test(.enabled(if: Shoplist.hasSQLite3), arguments: ["deleted", "replaced"])
  func aDatabaseSwappedWhileAnImportWaitsIsExit74AndLeftAlone(change: String) throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let path = try shoplist.file("week.csv", csv(100, prefix: "item"))
    // Another program holds the write lock; the import waits for it.
    let holder = try WriteLockHolder(shoplist.database)
    let importer = Subprocess()
    importer.executableURL = Shoplist.binary
    importer.arguments = ["import", path, "--wait", "20"]
    importer.environment = shoplist.environment
    let errors = Pipe()
    importer.standardError = errors
    importer.standardOutput = Pipe()
    try importer.run()
    Thread.sleep(forTimeInterval: 0.7)

    // While it waits, the file goes away, or another database takes its place.
    let database = shoplist.database.path
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: database + suffix)
    }
    var replacement: Data?
    if change == "replaced" {
      let other = try Shoplist()
      try other.ok("add", "bread")
      try other.ok("list")
      try FileManager.default.copyItem(atPath: other.database.path, toPath: database)
      replacement = FileManager.default.contents(atPath: database)
    }
    holder.release()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    importer.waitUntilExit()

    #expect(importer.terminationStatus == 74, "\(message)")
    #expect(
      message.hasPrefix("shoplist: ") && message.contains("deleted or replaced"), "\(message)")
    #expect(FileManager.default.contents(atPath: database) == replacement)
  }

  @Test func aFileThatEndsMidRowIsExit65AndWritesNothing() throws {
    // What a cron job sees when another program is still writing the file.
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = try shoplist.snapshot()
    let path = try shoplist.file("half.csv", "name,note\nTea,fine\nBread,\"half a quo")

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("half.csv:3"), "\(result)")
    #expect(try shoplist.snapshot() == before)
  }

  @Test func standardInputClosedMidRowIsExit65AndWritesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = try shoplist.snapshot()
    // The writer dies half-way through a quoted field; the pipe closes.
    let result = try shoplist.run(
      "import", "-", "--format", "csv", stdin: "name,quantity\nTea,2\n\"Coffee"
    )

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: stdin:"), "\(result)")
    #expect(try shoplist.snapshot() == before)
  }
}

/// Input built to break parsers: huge lines, thousands of columns, deep nesting, and names that
/// look like SQL, numbers, options or paths. Never a crash, never a partial write.
@Suite(.offThePool) struct HostileInputTests {
  @Test func aOneMegabyteLineIsABadRowNotACrash() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file(
      "huge.txt", "Milk\n" + String(repeating: "x", count: 1 << 20) + "\nTea\n")
    let result = try shoplist.run("import", path)
    #expect(result.status == 65, "\(result.status)")
    #expect(result.stderr.contains("huge.txt:2"))
    #expect(try shoplist.names() == [])
  }

  @Test func tenThousandColumnsAreReadAndTheUnknownOnesIgnored() throws {
    let shoplist = try Shoplist()
    let header = (0..<10_000).map { $0 == 5_000 ? "name" : "c\($0)" }.joined(separator: ",")
    let row = (0..<10_000).map { $0 == 5_000 ? "Milk" : "v" }.joined(separator: ",")
    let path = try shoplist.file("wide.csv", header + "\n" + row + "\n")
    let result = try shoplist.run("import", path)
    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names() == ["Milk"])
    // The ignored columns are named, the first twenty of them, then how many more.
    let named = (0..<20).map { "c\($0)" }.joined(separator: ", ")
    #expect(result.stdout.hasSuffix("(ignored columns: \(named) and 9979 more)\n"), "\(result)")
  }

  @Test(arguments: [100, 100_000])
  func deeplyNestedJSONIsRefusedNotACrash(depth: Int) throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file(
      "deep.json", String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    )
    let result = try shoplist.run("import", path)
    #expect(result.status == 65, "\(result.status): \(result.stderr)")
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(try shoplist.names() == [])
  }

  @Test(.sqlitePass) func namesThatLookLikeSomethingElseAreJustNames() throws {
    let shoplist = try Shoplist()
    let names = [
      "'; DROP TABLE product; --", "Robert\"); DELETE FROM list;--", "42", "-1", "--force",
      "../../etc/passwd", "/tmp/x", "%s%n", "\\", "NULL",
    ]
    // Taken as written (`42` would otherwise be a quantity, not a name).
    _ = try shoplist.ok(arguments: ["add", "--exact", "--"] + names)
    #expect(try shoplist.names() == names)
    // And the same through an import.
    let other = try Shoplist()
    let csv =
      "name\n"
      + names.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
      .joined(separator: "\n") + "\n"
    _ = try other.ok(arguments: ["import", try other.file("odd.csv", csv)])
    #expect(try other.names() == names)
    #expect(try other.integrityCheck() == "ok")
  }

  @Test func invalidUTF8IsABadNameNotACrashWhenTheFileIsSaidToBeUTF8() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("latin1.txt", "")
    try Data([0x43, 0x72, 0xE8, 0x6D, 0x65, 0x0A]).write(to: URL(fileURLWithPath: path))
    let result = try shoplist.run("import", path, "--encoding", "utf-8")
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("latin1.txt:1: the text is not valid UTF-8"), "\(result)")
    #expect(try shoplist.names() == [])
  }
}
