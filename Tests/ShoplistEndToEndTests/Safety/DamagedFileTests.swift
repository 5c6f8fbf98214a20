import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Writing to a damaged database file: random bytes in the table and index pages of a
/// checkpointed 7,000-item database, over fifty files whose `integrity_check` fails. Each
/// everyday write either succeeds and leaves no more problems than it found, or exits 74
/// naming the damage and leaves the file's bytes as they were: damage is never spread.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct DamagedFileTests {
  static let fileCount = 50

  /// A damaged copy of the database and how many problems `integrity_check` finds in it.
  struct DamagedFile: Sendable {
    let bytes: Data
    let problems: Int
  }

  /// The fifty damaged files, made once for all commands.
  static let damagedFiles: [DamagedFile] = {
    do {
      return try makeDamagedFiles()
    } catch {
      Issue.record("could not make the damaged files: \(error)")
      return []
    }
  }()

  /// The database: 7,000 items imported, every tenth checked (for `clear`), then one more
  /// added (for `undo`); written and closed, so the write-ahead log is checkpointed into the
  /// file and removed.
  static func healthyDatabase() throws -> Data {
    let shoplist = try Shoplist()
    var rows = "name,quantity,checked\n"
    for number in 0..<7000 {
      rows +=
        "item \(number) with a name long enough,\(number % 7 + 1),"
        + (number % 10 == 0 ? "yes" : "no") + "\n"
    }
    let path = try shoplist.file("items.csv", rows)
    try shoplist.ok("import", path)
    try shoplist.ok("add", "the last change")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path + "-wal"))
    #expect(try problems(in: shoplist.database, shoplist) == 0)
    return try Data(contentsOf: shoplist.database)
  }

  /// The pages of a b-tree (tables and indexes, leaves and interior pages), by their type
  /// byte, 1-based.
  static func treePages(of bytes: Data, pageSize: Int) -> [Int] {
    (0..<bytes.count / pageSize).compactMap { index in
      let type = bytes[index * pageSize + (index == 0 ? 100 : 0)]
      return [0x02, 0x05, 0x0A, 0x0D].contains(type) ? index + 1 : nil
    }
  }

  static func makeDamagedFiles() throws -> [DamagedFile] {
    let healthy = try healthyDatabase()
    let pageSize = Int(healthy[16]) << 8 | Int(healthy[17])
    let pages = treePages(of: healthy, pageSize: pageSize)
    #expect(pages.count > 100)
    let scratch = try Shoplist()
    var random = SplitMix64(seed: 0x5348_4F50)
    var files: [DamagedFile] = []
    var attempts = 0
    while files.count < fileCount, attempts < fileCount * 20 {
      attempts += 1
      var bytes = healthy
      // One to three pages, each with one to sixteen bytes replaced at random places.
      for _ in 0...Int(random.next() % 3) {
        let page = pages[Int(random.next() % UInt64(pages.count))]
        for _ in 0...Int(random.next() % 16) {
          let offset = (page - 1) * pageSize + Int(random.next() % UInt64(pageSize))
          bytes[offset] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      let url = scratch.folder.appendingPathComponent("candidate.sqlite")
      try bytes.write(to: url)
      let problems = try problems(in: url, scratch)
      if problems > 0 { files.append(DamagedFile(bytes: bytes, problems: problems)) }
    }
    #expect(files.count == fileCount)
    return files
  }

  /// How many problems SQLite's `integrity_check` (the `sqlite3` shell, reading the file as
  /// immutable: nothing written, nothing created beside it) finds in the file.
  static func problems(in url: URL, _ shoplist: Shoplist) throws -> Int {
    let result = try shoplist.runTool(
      "/usr/bin/sqlite3", ["file:\(url.path)?immutable=1", "PRAGMA integrity_check(100000)"])
    let lines = (result.stdout + result.stderr).split(separator: "\n")
      .filter { !$0.hasPrefix("***") }
    return lines == ["ok"] ? 0 : max(1, lines.count)
  }

  /// What each command does, on a file of the damaged database.
  static let commands: [String: [String]] = [
    "add": ["add", "something new"],
    "toggle": ["toggle", "item 3500 with a name long enough"],
    "import": ["import", "-", "--format", "text"],
    "clear": ["clear"],
    "undo": ["undo"],
  ]

  @Test(arguments: ["add", "toggle", "import", "clear", "undo"])
  func aWriteOnADamagedFileSucceedsWithoutSpreadingItOrChangesNothing(command: String) throws {
    let arguments = try #require(Self.commands[command])
    #expect(Self.damagedFiles.count == Self.fileCount)
    var outcomes: [Int32: Int] = [:]
    for (index, file) in Self.damagedFiles.enumerated() {
      let shoplist = try Shoplist()
      try FileManager.default.createDirectory(
        at: shoplist.database.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.bytes.write(to: shoplist.database)

      let result = try shoplist.run(
        arguments: arguments, stdin: command == "import" ? "new one\nnew two\n" : nil)

      outcomes[result.status, default: 0] += 1
      switch result.status {
      case 0:
        let after = try Self.problems(in: shoplist.database, shoplist)
        #expect(after <= file.problems, "file \(index): \(file.problems) problems became \(after)")
      case 74:
        #expect(shoplist.fileBytes(shoplist.database) == file.bytes, "file \(index) changed")
        #expect(result.stderr.hasPrefix("shoplist: database \""), "\(result)")
        #expect(result.stderr.contains("is corrupt: page "), "\(result)")
        #expect(result.stderr.contains("nothing was changed"), "\(result)")
        #expect(!result.stderr.contains("\\u{A}"), "\(result)")
      default:
        Issue.record("file \(index): \(command) exited \(result.status): \(result)")
      }
    }
    // `clear` reads every checked item, spread over the whole table: the damage stops it on
    // some files at least, so the checks of a refusal are not vacuous. (The other commands read
    // a few pages, which the damage may miss on every file.)
    if command == "clear" { #expect(outcomes[74, default: 0] > 0, "\(outcomes)") }
  }
}
