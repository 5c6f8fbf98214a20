import Foundation
import ShoplistTestTraits
import Testing

/// `history`: one line per entry, newest first; its JSON document; the newest 1,000 kept.
@Suite(.offThePool) struct HistoryTests {
  @Test func linesNameTheNumberTimeCommandAndWhatChanged() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    let path = try shoplist.file("week.csv", "name\ntea\nmilk\n")
    try shoplist.ok("--db", shoplist.location, "import", path)
    try shoplist.ok("undo", "2")

    let lines = try shoplist.ok("history").stdout.split(separator: "\n").map(String.init)

    #expect(lines.count == 3, "\(lines)")
    #expect(
      lines[0].wholeMatch(of: /#3  \d{4}-\d\d-\d\d \d\d:\d\d  undo 2  \(shopping: 1 removed\)/)
        != nil, "\(lines)")
    #expect(lines[1].hasPrefix("#2  "), "\(lines)")
    // The command as typed, without the database's path.
    #expect(lines[1].contains("  import \(path)  (shopping: 1 added)  [undone by #3]"), "\(lines)")
    #expect(lines[2].hasSuffix("  add milk eggs  (shopping: created, 2 added)"), "\(lines)")
  }

  @Test func jsonHasTheContractsShape() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("add", "eggs")
    try shoplist.ok("undo")

    let result = try shoplist.ok("history", "--json", "--limit", "2")

    let entries = try #require(try result.json()["history"] as? [[String: Any]])
    #expect(entries.count == 2)
    #expect(
      entries.allSatisfy { Set($0.keys) == ["id", "at", "command", "by", "summary", "undone"] })
    // No change is a member's yet: `by` is there, and null.
    #expect(entries.allSatisfy { $0["by"] is NSNull }, "\(result)")
    #expect(entries.map { $0["id"] as? Int } == [3, 2])
    #expect(entries.map { $0["command"] as? String } == ["undo", "add eggs"])
    #expect(entries.map { $0["undone"] as? Bool } == [false, true])
    // What each changed, as `history` prints it in brackets.
    #expect(
      entries.map { $0["summary"] as? String } == ["shopping: 1 removed", "shopping: 1 added"],
      "\(result)")
    let at = try #require(entries[0]["at"] as? String)
    #expect(at.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
  }

  @Test(.enabled(if: Shoplist.hasSQLite3), .sqlitePass)
  func theNewestThousandEntriesAreKept() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    // 1,000 more entries, written straight into the table (running a thousand commands
    // would take minutes): each records an empty change.
    _ = try shoplist.sqlite(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
      INSERT INTO history (at, command, summary, kind, record)
      SELECT '2026-11-23T10:00:00Z', 'seed ' || i, '', 'change', x'0100000000' FROM n;
      """
    )
    #expect(try shoplist.sqlite("SELECT count(*), min(id), max(id) FROM history") == "1001|1|1001")

    try shoplist.ok("add", "eggs")

    #expect(try shoplist.sqlite("SELECT count(*), min(id), max(id) FROM history") == "1000|3|1002")
  }
}
