import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A short random run of commands, undos and redos through the built binary, checked as a
/// user sees it: what `undo` and `redo` say, their exit codes, the marks `history --json`
/// shows, and every list back exactly after an undo or a redo. (The long runs go through the
/// library: `HistoryPropertyTests`.) `SHOPLIST_HISTORY_E2E_STEPS` plays a longer run.
@Suite(.offThePool) struct HistoryRandomTests {
  static let steps =
    Int(ProcessInfo.processInfo.environment["SHOPLIST_HISTORY_E2E_STEPS"] ?? "") ?? 30

  /// An entry as the run saw it made.
  struct Entry {
    var reverts: Int?
    var isUndo: Bool
    var before: [String]
    var after: [String]
    var undoneBy: Int?
  }

  func command(_ random: inout SplitMix64) -> [String] {
    func pick(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
    let item = pick(["milk", "eggs", "tea"])
    let list = ["--list", pick(["shopping", "shopping", "party"])]
    switch random.next() % 10 {
    case 0, 1: return ["add", item] + list
    case 2: return ["check", item] + list
    case 3: return ["rename", item, pick(["milk", "eggs", "tea"])] + list
    case 4: return [pick(["remove", "uncheck"]), item] + list
    case 5: return [pick(["clear", "reset"])] + list
    case 6:
      return random.next() % 2 == 0
        ? ["lists", "create", "party"] : ["lists", "delete", "party", "--force"]
    case 7, 8: return ["undo"]
    default: return ["redo"]
    }
  }

  @Test func undoAndRedoThroughTheBinaryTellTheTruth() throws {
    let shoplist = try Shoplist()
    var random = SplitMix64(seed: 0x0E2E)
    var entries: [Int: Entry] = [:]
    var redoable: [Int] = []
    var log: [String] = []
    var now = try shoplist.everyList()
    for _ in 0..<Self.steps {
      let arguments = command(&random)
      let newest = entries.keys.max() ?? 0
      let result = try shoplist.run(arguments: arguments)
      let after = try shoplist.everyList()
      log.append("\(arguments.joined(separator: " ")) → \(result.status) \(result.stdout)")
      let context = Comment(rawValue: log.joined(separator: "\n"))
      switch arguments[0] {
      case "undo":
        let target = entries.filter { $0.value.undoneBy == nil && !$0.value.isUndo }.keys.max()
        guard let target, result.status == 0 else {
          #expect(result.status == 65 && after == now, context)
          #expect(target != nil || result.stderr == "shoplist: nothing to undo\n", context)
          break
        }
        #expect(result.stdout.hasPrefix("undid #\(target) "), context)
        if now == entries[target]?.after { #expect(after == entries[target]?.before, context) }
        entries[newest + 1] = Entry(reverts: target, isUndo: true, before: now, after: after)
        takeBack(target, by: newest + 1, in: &entries)
        redoable.append(newest + 1)
      case "redo":
        guard let undo = redoable.popLast(), let target = entries[undo]?.reverts else {
          #expect(result.stderr == "shoplist: nothing to redo\n" && after == now, context)
          break
        }
        #expect(result.stdout.hasPrefix("redid #\(target) "), context)
        #expect(after == entries[undo]?.before, context)
        entries[newest + 1] = Entry(reverts: undo, isUndo: false, before: now, after: after)
        takeBack(undo, by: newest + 1, in: &entries)
      default:
        let recorded = try marks(shoplist).keys.max() ?? 0
        if recorded > newest {
          entries[recorded] = Entry(reverts: nil, isUndo: false, before: now, after: after)
          redoable = []
        }
      }
      let shown = try marks(shoplist)
      #expect(shown.count == entries.count, context)
      for (id, undoneBy) in shown { #expect(undoneBy == entries[id]?.undoneBy, context) }
      let document = try shoplist.ok("history", "--json", "--limit", "1000").json()
      for entry in document["history"] as? [[String: Any]] ?? [] {
        let id = entry["id"] as? Int ?? 0
        #expect(entry["undone"] as? Bool == (entries[id]?.undoneBy != nil), context)
      }
      now = after
    }
  }

  /// `id` taken back by `revertor`: what it took back is in force again, and so on down.
  func takeBack(_ id: Int, by revertor: Int, in entries: inout [Int: Entry]) {
    var current: Int? = id
    var by: Int? = revertor
    while let id = current, entries[id] != nil {
      entries[id]?.undoneBy = by
      by = by == nil ? id : nil
      current = entries[id]?.reverts
    }
  }

  /// Each entry's number and the entry that takes it back, as `history --json` and the
  /// text lines show them.
  func marks(_ shoplist: Shoplist) throws -> [Int: Int?] {
    let lines = try shoplist.ok("history", "--limit", "1000").stdout.split(separator: "\n")
    var marks: [Int: Int?] = [:]
    for line in lines where line.hasPrefix("#") {
      let id = Int(line.dropFirst().prefix { $0.isNumber }) ?? 0
      let undoneBy = line.firstMatch(of: /\[undone by #(\d+)\]$/).flatMap { Int($0.1) }
      marks[id] = undoneBy
    }
    return marks
  }
}
