import Foundation
import ShoplistTestSupport
import Testing

extension Shoplist {
  /// Writes `text` to a file in the test's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The whole state of every list, as `export --all-lists` writes it.
  func snapshot() throws -> String {
    let result = try run("export", "--all-lists")
    #expect(result.status == 0, "\(result)")
    return result.stdout
  }

  /// Where the runs keep their data unless they say otherwise: a file's path or a URL.
  var location: String {
    environment["SHOPLIST_DB"] ?? database.path
  }

  /// What a command that writes nothing must leave exactly as it was: the database file's
  /// bytes with its write-ahead log's, or on PostgreSQL a dump of every row of shoplist's
  /// schema (`pg_dump`, rows in stored order, no times).
  func databaseBytes() -> Data {
    guard location.contains("://") else {
      var bytes = fileBytes(database) ?? Data()
      bytes.append(fileBytes(URL(fileURLWithPath: database.path + "-wal")) ?? Data())
      return bytes
    }
    let result = try? runTool(
      "/usr/bin/pg_dump", ["--data-only", "--schema=shoplist", "--no-owner", location])
    #expect(result?.status == 0, "pg_dump: \(result.map(String.init(describing:)) ?? "")")
    // Without the key pg_dump makes up afresh for each dump (`\restrict KEY`), and without
    // the sequences' counters, which a rolled-back insert moves on too.
    let lines = (result?.stdout ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      .filter {
        !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict")
          && !$0.hasPrefix("SELECT pg_catalog.setval")
      }
    return Data(lines.joined(separator: "\n").utf8)
  }

  /// Whether the tests that read the file with the `sqlite3` shell run: always in CI, where
  /// `.ci/run` installs it (a missing shell then fails them instead of skipping them).
  static let hasSQLite3 = TestTools.runs(
    needing: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"))
}

/// Another program (the sqlite3 shell) holding the database's write lock until released.
final class WriteLockHolder {
  private let process = Subprocess()
  private let input = Pipe()

  /// Takes the lock on `database` and returns once it is held.
  init(_ database: URL) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database.path]
    process.standardInput = input
    process.standardOutput = Pipe()
    try process.run()
    input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 1;\n".utf8))
    Thread.sleep(forTimeInterval: 0.4)
  }

  /// Ends the transaction without writing and lets the shell exit.
  func release() {
    try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { release() }
  }
}
