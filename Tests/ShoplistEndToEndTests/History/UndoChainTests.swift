import Foundation
import ShoplistTestTraits
import Testing

/// Runs of `undo` and `redo`: the undone marks always say what is in force, successive redos
/// walk back through successive undos, and a new command ends the run.
@Suite(.offThePool) struct UndoChainTests {
  /// Each entry's number and whether `history --json` marks it undone, newest first.
  func marks(_ shoplist: Shoplist) throws -> [(Int, Bool)] {
    let entries = try shoplist.ok("history", "--json").json()["history"] as? [[String: Any]]
    return (entries ?? []).map { ($0["id"] as? Int ?? 0, $0["undone"] as? Bool ?? false) }
  }

  @Test func undoingAndRedoingARedoKeepsTheMarksTrue() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "apple")
    try shoplist.ok("undo")
    try shoplist.ok("redo")
    try shoplist.ok("undo")

    // The redo taken back: the apple is gone, and #1 is undone again.
    #expect(try shoplist.names().isEmpty)
    let afterUndo = try marks(shoplist)
    #expect(afterUndo.map(\.1) == [false, true, false, true], "\(afterUndo)")
    let again = try shoplist.run("undo", "1")
    #expect(again.status == 65, "\(again)")
    #expect(again.stderr.contains("undone already"), "\(again)")

    try shoplist.ok("redo")

    #expect(try shoplist.names() == ["apple"])
    // #1 is in force again: so are the redos, and neither undo.
    let afterRedo = try marks(shoplist)
    #expect(afterRedo.map(\.0) == [5, 4, 3, 2, 1])
    #expect(afterRedo.map(\.1) == [false, true, false, true, false], "\(afterRedo)")
    let text = try shoplist.ok("history").stdout
    #expect(text.split(separator: "\n").last?.contains("undone") == false, "\(text)")
    // And it can be undone again by its number.
    let undo = try shoplist.ok("undo", "1")
    #expect(undo.stdout == "undid #1 add apple\n")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func successiveRedosWalkBackThroughSuccessiveUndos() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a", "b", "c")
    let added = try shoplist.everyList()
    try shoplist.ok("check", "a", "c")
    let checked = try shoplist.everyList()
    try shoplist.ok("edit", "b", "--quantity", "2")
    let edited = try shoplist.everyList()
    try shoplist.ok("clear")
    let cleared = try shoplist.everyList()

    // Each undo goes one step back, each redo one step forward again.
    for expected in [edited, checked, added] {
      try shoplist.ok("undo")
      #expect(try shoplist.everyList() == expected)
    }
    for (step, expected) in [checked, edited, cleared].enumerated() {
      let redo = try shoplist.run("redo")
      #expect(redo.status == 0, "redo \(step + 1): \(redo)")
      #expect(try shoplist.everyList() == expected, "redo \(step + 1)")
    }

    #expect(try shoplist.names() == ["b"])
    // Every change is in force again; each undo is taken back by its redo.
    let all = try marks(shoplist)
    #expect(all.filter(\.1).map(\.0) == [7, 6, 5], "\(all)")
    let more = try shoplist.run("redo")
    #expect(more.status == 65, "\(more)")
    #expect(more.stderr == "shoplist: nothing to redo\n")
  }

  @Test func theContractsRunEndsExactlyAsAfterClear() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a")
    try shoplist.ok("check", "a")
    try shoplist.ok("clear")
    let cleared = try shoplist.everyList()
    for command in ["undo", "undo", "redo", "redo"] { try shoplist.ok(command) }
    #expect(try shoplist.everyList() == cleared)
  }

  @Test func aNewCommandEndsTheRun() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a")
    try shoplist.ok("add", "b")
    try shoplist.ok("undo")
    try shoplist.ok("undo")
    try shoplist.ok("redo")
    #expect(try shoplist.names() == ["a"])
    try shoplist.ok("check", "a")
    let before = shoplist.databaseBytes()

    let redo = try shoplist.run("redo")

    #expect(redo.status == 65, "\(redo)")
    #expect(redo.stderr == "shoplist: nothing to redo\n")
    #expect(shoplist.databaseBytes() == before)
    #expect(try shoplist.names() == ["a"])
  }

  @Test func aCommandThatChangesNothingDoesNotEndTheRun() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a")
    try shoplist.ok("add", "b")
    try shoplist.ok("undo")
    // Neither records an entry: the add finds `a` as it is.
    try shoplist.ok("add", "a")
    try shoplist.ok("list")

    let redo = try shoplist.ok("redo")

    #expect(redo.stdout == "redid #2 add b\n")
    #expect(try shoplist.names() == ["a", "b"])
  }

  @Test func aChangeTakenBackTwiceOverIsRefused() throws {
    let shoplist = try Shoplist()
    // A sort that only makes the list: its undo and redo change nothing.
    try shoplist.ok("sort", "--by", "name")
    try shoplist.ok("undo")
    try shoplist.ok("redo")
    try shoplist.ok("undo", "1")
    let before = shoplist.databaseBytes()

    // Taking back the redo would undo #1 again, which #4 has done.
    let result = try shoplist.run("undo", "3")

    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "shoplist: cannot undo #3 redo: #4 undo 1 has taken back the same change; "
        + "undo #4 first\n")
    #expect(shoplist.databaseBytes() == before)
    let all = try marks(shoplist)
    #expect(all.filter(\.1).map(\.0) == [2, 1], "\(all)")
  }
}
