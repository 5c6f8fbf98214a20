import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The same commands give the same output, exit statuses and history on SQLite and on
/// PostgreSQL: the same reducers and effect values run, whichever storage executes them.
@Suite(.offThePool, .sqlitePass) struct EngineParityTests {
  /// A household's week, command by command: adds with phrases, checks, edits, a second list,
  /// the shop order, sorting, clearing, undo and redo, and a few refusals.
  static let script: [[String]] = [
    ["add", "milk", "bread", "2 l oat milk"],
    ["add", "eggs x6", "--category", "dairy"],
    ["toggle", "milk"],
    ["edit", "bread", "--note", "the seeded one", "--category", "bakery"],
    ["rename", "eggs", "free-range eggs"],
    ["add", "candles", "--list", "party"],
    ["lists", "default", "party"],
    ["list"],
    ["lists", "default", "shopping"],
    ["aisles", "bakery", "dairy"],
    ["sort", "--by", "aisle"],
    ["move", "milk", "1"],
    ["list", "--json"],
    ["find", "milk"],
    ["clear"],
    ["undo"],
    ["redo"],
    ["undo"],
    ["remove", "bread"],
    ["reset"],
    ["history"],
    ["history", "--json"],
    ["lists", "--json"],
    ["export", "--all-lists", "--format", "json"],
    ["toggle", "nothing-like-it"],
    ["add", ""],
    ["list", "--list", "partyy"],
    ["undo", "1"],
    ["list"],
  ]

  /// The script's commands that are refused on purpose: the last five (an unknown item, an
  /// empty name, a mistyped list, an undo of an entry later ones changed), all before the end.
  static let refusals = 4

  /// What `run` printed, with what differs from run to run (times, ids) replaced, and each
  /// command's exit status.
  static func transcript(_ shoplist: Shoplist) throws -> (text: String, statuses: [Int32]) {
    var text = ""
    var statuses: [Int32] = []
    for arguments in script {
      let result = try shoplist.run(arguments: arguments)
      statuses.append(result.status)
      text += "$ \(arguments.joined(separator: " "))\nexit \(result.status)\n"
      text += Self.masked(result.stdout) + Self.masked(result.stderr)
    }
    return (text, statuses)
  }

  static func masked(_ text: String) -> String {
    text
      .replacing(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "ID")
      // A change within the second of the one before is a microsecond later: when each
      // command runs decides which, not the engine.
      .replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z/, with: "TIME")
      .replacing(/\d{4}-\d\d-\d\d \d\d:\d\d/, with: "TIME")
  }

  @Test func aHouseholdsWeekReadsTheSameOnEveryEngine() throws {
    guard Engine.all.contains(.postgres) else { return }
    let (sqlite, statuses) = try Self.transcript(try Engine.sqlite.shoplist())
    let (postgres, _) = try Self.transcript(try Engine.postgres.shoplist())
    // The script did what it says: every change went through, each refusal was refused.
    let refused = Self.script.count - 1 - Self.refusals..<Self.script.count - 1
    for (index, status) in statuses.enumerated() {
      #expect((status != 0) == refused.contains(index), "\(Self.script[index]): exit \(status)")
    }
    #expect(sqlite.contains("free-range eggs"))
    #expect(sqlite.contains("redid"))
    #expect(postgres == sqlite)
    if postgres != sqlite {
      let lines = zip(sqlite.split(separator: "\n"), postgres.split(separator: "\n"))
      if let first = lines.first(where: { $0 != $1 }) {
        Issue.record("first difference:\nsqlite:   \(first.0)\npostgres: \(first.1)")
      }
    }
  }
}
