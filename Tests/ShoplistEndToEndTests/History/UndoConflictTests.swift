import Foundation
import Testing

/// An undo that cannot be made as the lists are now is refused with the reason in words,
/// exit 65, and changes nothing: never a storage error.
@Suite struct UndoConflictTests {
  /// Runs `arguments`, expects exit 65 with exactly `message` on stderr, and the database
  /// byte for byte as it was.
  func refused(
    _ shoplist: Shoplist, _ arguments: [String], _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = shoplist.databaseBytes()
    let result = try shoplist.run(arguments: arguments)
    #expect(result.status == 65, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "shoplist: \(message)\n", sourceLocation: sourceLocation)
    #expect(shoplist.databaseBytes() == before, sourceLocation: sourceLocation)
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

    try refused(shoplist, refusal.undo, refusal.message)
  }
}
