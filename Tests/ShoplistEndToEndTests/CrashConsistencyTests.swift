import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Killing shoplist at any moment leaves each command wholly there or wholly absent, and the
/// database intact.
@Suite(.offThePool, .sqlitePass) struct CrashConsistencyTests {
  /// `SHOPLIST_KILL_POINTS` replaces the suite's number of kill points for a long run.
  static func killPoints(_ suite: Int) -> Int {
    Int(ProcessInfo.processInfo.environment["SHOPLIST_KILL_POINTS"] ?? "") ?? suite
  }

  @Test func commandsKilledAtManyPointsAreAllOrNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "seed")
    var outcomes: [String: Int] = [:]
    // Kill points spread over a command's life (45 ms), from before it opens the database to
    // after it commits: a three-item add is the unit that must not be split.
    let points = Self.killPoints(30)
    for point in 0..<points {
      let names = ["k\(point)-a", "k\(point)-b", "k\(point)-c"]
      let delay = Double(point) * 0.045 / Double(points)
      let status = try shoplist.runAndKill(
        ["add"] + names + ["--quantity", "2", "--note", "kill point \(point)"], after: delay
      )
      outcomes[status == 0 ? "finished" : "killed", default: 0] += 1
      let items = try shoplist.items()
      let present = names.filter { items[$0] != nil }
      #expect(present.isEmpty || present.count == 3, "point \(point): only \(present) survived")
      for name in present {
        #expect(items[name]?["quantity"] as? Int == 2)
        #expect(items[name]?["note"] as? String == "kill point \(point)")
      }
    }
    #expect(try shoplist.integrityCheck() == "ok")
    // The spread must really cover both sides of the commit.
    #expect(outcomes["killed", default: 0] > 0, "\(outcomes)")
  }

  @Test func aKilledRenameOrToggleLeavesTheItemWhole() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    let points = Self.killPoints(20)
    for point in 0..<points {
      let delay = Double(point) * 0.04 / Double(points)
      _ = try shoplist.runAndKill(["toggle", "1", "2"], after: delay)
      let items = try shoplist.items()
      let checked = ["milk", "eggs"].map { items[$0]?["checked"] as? Bool }
      // Both were toggled together, or neither.
      #expect(checked[0] == checked[1], "point \(point): \(checked)")
    }
    #expect(try shoplist.integrityCheck() == "ok")
  }
}

extension Shoplist {
  /// Starts shoplist, sends it SIGKILL after `delay` seconds unless it finished, and returns its
  /// exit status (a negative number for a killed process).
  func runAndKill(_ arguments: [String], after delay: TimeInterval) throws -> Int32 {
    let process = Subprocess()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if delay > 0 { Thread.sleep(forTimeInterval: delay) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
      ? -process.terminationStatus : process.terminationStatus
  }

  /// The target list's items by name, from `list --json`.
  func items(list: String? = nil) throws -> [String: [String: Any]] {
    var arguments = ["list", "--json"]
    if let list { arguments += ["--list", list] }
    let result = try run(arguments: arguments)
    let items = try result.json()["items"] as? [[String: Any]] ?? []
    return Dictionary(items.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }
  }

  /// `PRAGMA integrity_check` through the sqlite3 shell.
  func integrityCheck() throws -> String {
    guard !location.contains("://") else {
      return try run("db", "check").stdout.trimmingCharacters(in: .newlines)
    }
    return try sqlite("PRAGMA integrity_check;")
  }

  /// Runs SQL through the sqlite3 shell on the database and returns what it printed.
  func sqlite(_ sql: String) throws -> String {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database.path, sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
