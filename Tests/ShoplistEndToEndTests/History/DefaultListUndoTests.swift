import Foundation
import ShoplistTestTraits
import Testing

/// The default list exists as soon as anything looks for it: undoing the change that made it
/// empties it rather than deleting it, and a list of its name coming back takes the place of
/// one a look made again. An undo that brought it back, taken back, deletes it again.
@Suite(.offThePool) struct DefaultListUndoTests {
  @Test func theDefaultListMadeAgainByALookMakesWayForTheListBack() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("lists", "delete", "shopping", "--force")
    // Looking makes an empty `shopping` again, outside history.
    #expect(try shoplist.names().isEmpty)

    try shoplist.ok("undo")

    #expect(try shoplist.names() == ["milk"])
  }

  @Test(.sqlitePass) func deletingTheDefaultListCanBeUndoneRedoneAndUndoneAgain() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("lists", "delete", "shopping", "--force")
    try shoplist.ok("undo")
    // The redo deletes it again, as the user did, rather than leaving it empty behind.
    try shoplist.ok("redo")
    #expect(try shoplist.sqlite("SELECT count(*) FROM list") == "0")

    try shoplist.ok("undo", "2")

    #expect(try shoplist.names() == ["milk"])
  }

  @Test func aDefaultListMarkedSinceIsNotReplacedByTheListBack() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("lists", "delete", "shopping", "--force")
    // Made again by `lists default`, and marked: no longer a list only a look made.
    try shoplist.ok("lists", "default", "shopping")

    try shoplist.refused(
      ["undo", "2"],
      "cannot undo #2 lists delete shopping --force: another list is named \"shopping\" now; "
        + "rename or delete it first")
  }

  @Test(.sqlitePass) func theDefaultListBackInPlaceOfOneMadeSinceCanBeRedoneAndUndone()
    throws
  {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("lists", "delete", "shopping", "--force")
    try shoplist.ok("add", "tea")
    try shoplist.ok("undo")
    // The old `shopping` comes back where the emptied new one was.
    try shoplist.ok("undo")
    #expect(try shoplist.names() == ["milk"])

    try shoplist.ok("redo")
    #expect(try shoplist.names().isEmpty)
    try shoplist.ok("undo")

    #expect(try shoplist.names() == ["milk"])
    #expect(try shoplist.integrityCheck() == "ok")
  }
}
