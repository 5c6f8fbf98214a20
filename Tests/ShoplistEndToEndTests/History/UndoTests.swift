import Foundation
import ShoplistTestTraits
import Testing

/// `undo` and `redo` of the built binary: what they say, what stands in their way, where items
/// come back. (That an undo of every kind of change puts every list back byte for byte is
/// checked in process, where the clock can be moved: `ShoplistCLITests/History/
/// UndoRestoresTests.swift`.)
@Suite(.offThePool) struct UndoTests {
  @Test func undoSaysWhichEntryItTookBack() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let path = try shoplist.file("week.csv", "name\ntea\n")
    try shoplist.ok("import", path)
    let undo = try shoplist.ok("undo")
    #expect(undo.stdout == "undid #2 import \(path)\n")
  }

  @Test func redoReappliesTheUndoneChangeWithTheSameIDs() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    let added = try shoplist.ok("list", "--json").stdout
    try shoplist.ok("undo")
    #expect(try shoplist.names().isEmpty)

    let redo = try shoplist.ok("redo")

    #expect(redo.stdout == "redid #1 add milk eggs\n")
    #expect(try shoplist.ok("list", "--json").stdout == added)
    // And the redo itself can be undone.
    try shoplist.ok("undo")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func nothingToUndoOrRedoIsExit65() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("list")
    for command in ["undo", "redo"] {
      let result = try shoplist.run(command)
      #expect(result.status == 65, "\(result)")
      #expect(result.stderr == "shoplist: nothing to \(command)\n", "\(result)")
    }
    let missing = try shoplist.run("undo", "42")
    #expect(missing.status == 65, "\(missing)")
  }

  @Test func aLaterChangeToTheSameItemStandsInTheWay() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("check", "milk")
    let before = shoplist.databaseBytes()

    let result = try shoplist.run("undo", "1")

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("#2"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func aLaterChangeToOtherItemsOfTheListDoesNot() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("add", "eggs")
    try shoplist.ok("check", "eggs")

    try shoplist.ok("undo", "1")

    #expect(try shoplist.names() == ["eggs"])
    #expect(try shoplist.items()["eggs"]?["checked"] as? Bool == true)
  }

  @Test func anEntryUndoneTwiceIsRefused() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("undo", "1")
    let again = try shoplist.run("undo", "1")
    #expect(again.status == 65, "\(again)")
    #expect(again.stderr.contains("undone already"), "\(again)")
  }

  @Test func changesThatChangeNothingRecordNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("add", "milk")
    let path = try shoplist.file("week.txt", "milk\n")
    try shoplist.ok("import", path)
    try shoplist.ok("import", path, "--dry-run")
    try shoplist.ok("list")
    let history = try shoplist.ok("history", "--json").json()["history"] as? [[String: Any]]
    #expect(history?.count == 1)
  }

  @Test func aRemovedItemComesBackInItsPlaceAfterTheListWasSortedAndUnsorted() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "c", "b", "a")
    try shoplist.ok("remove", "b")
    try shoplist.ok("sort", "--by", "name")
    try shoplist.ok("undo")

    try shoplist.ok("undo")

    #expect(try shoplist.names() == ["c", "b", "a"])
  }

  @Test func aRemovedItemComesBackBeforeTheItemsAddedSince() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a", "b")
    try shoplist.ok("remove", "b")
    // Added after everything there was then: after `b`.
    try shoplist.ok("add", "c")

    try shoplist.ok("undo", "2")

    #expect(try shoplist.names() == ["a", "b", "c"])
    // Taken back and put back again, it stays there.
    try shoplist.ok("undo")
    try shoplist.ok("redo")
    #expect(try shoplist.names() == ["a", "b", "c"])
  }
}
