import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// `shoplist db copy TARGET`: a household moved from its SQLite file up to PostgreSQL and
/// backed up from there to a file again, every document reading the same at each step and
/// undo going on from the copy; a target holding anything refused and left as it was.
@Suite(.offThePool, .sqlitePass) struct DbCopyTests {
  /// The reading commands whose output must not change in a copy.
  static let readings: [[String]] = [
    ["lists", "--json"], ["list", "--json"], ["list", "--list", "party", "--json"],
    ["history", "--json", "--limit", "1000"], ["aisles"], ["members", "--json"],
    ["export", "--all-lists", "--format", "json"],
  ]

  /// What the reading commands print on the database `location`; with `maskingTimes`, every
  /// time replaced (ids kept): an undo on the file and the same on the copy may fall in two
  /// seconds.
  static func read(
    _ shoplist: Shoplist, at location: String, maskingTimes: Bool = false
  ) throws -> String {
    try readings.map { arguments in
      let result = try shoplist.run(arguments: ["--db", location] + arguments)
      let output = result.stdout + result.stderr
      return "$ \(arguments.joined(separator: " "))\nexit \(result.status)\n"
        + (maskingTimes
          ? output.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z/, with: "TIME")
          : output)
    }.joined()
  }

  /// A household's week on an SQLite file, with a member who joined and one invited.
  static func household() throws -> Shoplist {
    let shoplist = try Engine.sqlite.shoplist()
    for arguments in EngineParityTests.script.prefix(20) {
      _ = try shoplist.run(arguments: arguments)
    }
    try shoplist.ok("members", "add", "Ana")
    try shoplist.ok("add", "cake", "--list", "party")
    return shoplist
  }

  @Test(.enabled(if: Engine.all.contains(.postgres)))
  func upToPostgresAndBackEverythingReadsTheSameAndUndoGoesOn() throws {
    let shoplist = try Self.household()
    let file = shoplist.database.path
    let url = try Engine.cluster().makeDatabase()
    let original = try Self.read(shoplist, at: file)
    #expect(original.contains("candles") && original.contains("Ana"))

    // Up: the file into PostgreSQL.
    let up = try shoplist.run("--db", file, "db", "copy", url)
    #expect(up.status == 0, "\(up)")
    #expect(up.stdout.contains("copied 2 lists"), "\(up)")
    #expect(!up.stdout.contains(PostgresCluster.password) && up.stdout.contains("***"), "\(up)")
    #expect(try Self.read(shoplist, at: url) == original)

    // Undo and redo go on from the copy as they would have on the file.
    let before = try Self.read(shoplist, at: file, maskingTimes: true)
    for step in [["undo"], ["undo"], ["redo"]] {
      let onFile = try shoplist.run(arguments: ["--db", file] + step)
      let onCopy = try shoplist.run(arguments: ["--db", url] + step)
      #expect(onFile.status == 0 && onCopy.status == onFile.status, "\(onFile)\n\(onCopy)")
      #expect(onCopy.stdout == onFile.stdout)
    }
    let undone = try Self.read(shoplist, at: file, maskingTimes: true)
    #expect(undone != before)
    #expect(try Self.read(shoplist, at: url, maskingTimes: true) == undone)

    // Back: PostgreSQL into a new backup file.
    let backup = shoplist.folder.appending(path: "backup/shoplist.sqlite").path
    let down = try shoplist.run("--db", url, "db", "copy", backup, "--json")
    #expect(down.status == 0, "\(down)")
    let document = try down.json()
    #expect(document["lists"] as? Int == 2 && document["members"] as? Int == 1, "\(down)")
    #expect(try Self.read(shoplist, at: backup) == (try Self.read(shoplist, at: url)))
    #expect(try shoplist.run("--db", backup, "undo").status == 0)

    // A target holding anything is refused and left as it was: PostgreSQL and the file.
    for target in [url, backup] {
      let before = try Self.read(shoplist, at: target)
      let refused = try shoplist.run("--db", file, "db", "copy", target)
      #expect(refused.status == 65, "\(refused)")
      #expect(refused.stderr.contains("is not empty"), "\(refused)")
      #expect(!refused.stderr.contains(PostgresCluster.password))
      #expect(try Self.read(shoplist, at: target) == before)
    }
  }

  @Test func aFileIntoAFileAndEveryRefusal() throws {
    let shoplist = try Self.household()
    let file = shoplist.database.path
    let original = try Self.read(shoplist, at: file)
    let copy = shoplist.folder.appending(path: "copy.sqlite").path
    #expect(try shoplist.run("db", "copy", copy).status == 0)
    #expect(try Self.read(shoplist, at: copy) == original)

    // Non-empty: refused, the file's bytes as they were.
    try shoplist.ok("--db", copy, "add", "extra")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
    let refused = try shoplist.run("db", "copy", copy)
    #expect(refused.status == 65 && refused.stdout.isEmpty, "\(refused)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes)

    // An empty `shopping` (what a read of a new database makes) gives way.
    let fresh = shoplist.folder.appending(path: "fresh.sqlite").path
    try shoplist.ok("--db", fresh, "list")
    #expect(try shoplist.run("db", "copy", fresh).status == 0)
    #expect(try Self.read(shoplist, at: fresh) == original)

    // No source: 66, and no target made.
    let missing = shoplist.folder.appending(path: "missing.sqlite").path
    let nothing = shoplist.folder.appending(path: "nothing.sqlite").path
    let noSource = try shoplist.run("--db", missing, "db", "copy", nothing)
    #expect(noSource.status == 66 && noSource.stderr.contains("no database at"), "\(noSource)")
    #expect(!FileManager.default.fileExists(atPath: nothing))
    #expect(!FileManager.default.fileExists(atPath: missing))

    // Onto itself, by another spelling of its path: a usage error.
    let itself = try shoplist.run(
      "db", "copy", shoplist.folder.appending(path: "data/../data/shoplist.sqlite").path)
    #expect(itself.status == 64 && itself.stderr.contains("TARGET is the database"), "\(itself)")

    // No TARGET, and `db` alone: usage errors naming what is missing.
    #expect(try shoplist.run("db", "copy").status == 64)
    let bare = try shoplist.run("db")
    #expect(bare.status == 64 && bare.stderr.contains("copy"), "\(bare)")
    #expect(try Self.read(shoplist, at: file) == original)
  }
}
