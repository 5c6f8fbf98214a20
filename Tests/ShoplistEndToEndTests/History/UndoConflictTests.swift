import Foundation
import ShoplistTestTraits
import Testing

/// An undo that cannot be made as the lists are now is refused with the reason in words,
/// exit 65, and changes nothing: never a storage error.
@Suite(.offThePool) struct UndoConflictTests {
  @Test func anItemIsNotRenamedBackOntoANameAnotherItemHasNow() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "a")
    try shoplist.ok("edit", "a", "--quantity", "3")
    try shoplist.ok("rename", "a", "b")
    try shoplist.ok("add", "a")

    try shoplist.refused(
      ["undo", "3"],
      "cannot undo #3 rename a b: another item of list \"shopping\" is named \"a\" now; "
        + "rename or remove it first")

    // Once the name is free again, the undo goes through.
    try shoplist.ok("rename", "a", "c")
    try shoplist.ok("undo", "3")
    #expect(try shoplist.names() == ["a", "c"])
  }

  @Test func aRemovedItemIsNotPutBackBesideAnotherOfItsName() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    try shoplist.ok("remove", "milk")
    try shoplist.ok("add", "MILK")

    try shoplist.refused(
      ["undo", "2"],
      "cannot undo #2 remove milk: another item of list \"shopping\" is named \"MILK\" now; "
        + "rename or remove it first")
  }

  @Test func aListIsNotRenamedBackOntoANameAnotherListHasNow() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("lists", "create", "x")
    try shoplist.ok("lists", "rename", "x", "y")
    try shoplist.ok("lists", "create", "X")

    try shoplist.refused(
      ["undo", "2"],
      "cannot undo #2 lists rename x y: another list is named \"X\" now; rename or delete it first")
  }

  @Test func aDeletedListIsNotBroughtBackOverAListMadeSince() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("lists", "create", "x")
    try shoplist.ok("add", "milk", "--list", "x")
    try shoplist.ok("lists", "delete", "x", "--force")
    // Empty or not, the new list is the user's, and its entry stays true.
    try shoplist.ok("lists", "create", "x")

    try shoplist.refused(
      ["undo", "3"],
      "cannot undo #3 lists delete x --force: another list is named \"x\" now; "
        + "rename or delete it first")
    try shoplist.ok("undo", "4")
    try shoplist.ok("undo", "3")
    #expect(try shoplist.names(list: "x") == ["milk"])
  }

  @Test func theCreationOfAListMarkedTheDefaultSinceIsNotUndone() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("lists", "create", "x")
    try shoplist.ok("lists", "default", "x")

    // Undone, the list would go, and the mark with it.
    try shoplist.refused(
      ["undo", "1"],
      "cannot undo #1 lists create x: #2 lists default x moved the default mark to or from a "
        + "list it created since; undo #2 first")
  }

  /// Commands, then an undo refused with a message.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var commands: [[String]]
    var undo: [String]
    var message: String
    var testDescription: String { message }
  }

  /// A list deleted since stands in the way of undoing what changed its items or its mark.
  static let deletedSince: [Refusal] = [
    Refusal(
      commands: [["add", "a", "--list", "L"], ["check", "a", "--list", "L"]],
      undo: ["undo", "2"],
      message: "cannot undo #2 check a --list L: #3 lists delete L --force changed the same "
        + "items since; undo #3 first"),
    Refusal(
      commands: [["add", "a", "b", "--list", "L"], ["remove", "a", "--list", "L"]],
      undo: ["undo", "2"],
      message: "cannot undo #2 remove a --list L: #3 lists delete L --force deleted a list it "
        + "needs since; undo #3 first"),
    Refusal(
      commands: [
        ["lists", "create", "L"], ["lists", "default", "L"], ["lists", "create", "x"],
        ["lists", "default", "x"],
      ],
      undo: ["undo", "4"],
      message: "cannot undo #4 lists default x: #5 lists delete L --force deleted a list it "
        + "needs since; undo #5 first"),
  ]

  @Test(arguments: deletedSince)
  func aListDeletedSinceStandsInTheWay(_ refusal: Refusal) throws {
    let shoplist = try Shoplist()
    for command in refusal.commands { try shoplist.ok(arguments: command) }
    try shoplist.ok("lists", "delete", "L", "--force")

    try shoplist.refused(refusal.undo, refusal.message)
  }
}
