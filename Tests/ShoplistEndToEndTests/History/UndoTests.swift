import Foundation
import Testing

/// `undo` after every kind of change puts every list back exactly: `list --json` of each list
/// byte for byte, timestamps included.
@Suite struct UndoTests {
  /// Two lists with checked and unchecked items, fields, and a list to rename or delete.
  func filled() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "--quantity", "2", "--unit", "l", "--category", "dairy")
    try shoplist.ok("add", "eggs", "bread", "apples", "--note", "green")
    try shoplist.ok("check", "eggs", "apples")
    try shoplist.ok("add", "nails", "screws", "--list", "hardware")
    try shoplist.file("week.csv", "name,quantity,checked\nmilk,3,\ntea,1,x\n")
    // So that anything the change writes gets a later timestamp than what it overwrote.
    Thread.sleep(forTimeInterval: 1.1)
    return shoplist
  }

  /// Every list's `list --json`, by name.
  func everything(_ shoplist: Shoplist) throws -> [String: String] {
    let lists = try shoplist.ok("lists", "--json").json()["lists"] as? [[String: Any]] ?? []
    var documents: [String: String] = [:]
    for name in lists.compactMap({ $0["name"] as? String }) {
      documents[name] = try shoplist.ok("list", "--json", "--list=\(name)").stdout
    }
    return documents
  }

  static let changes: [[String]] = [
    ["add", "tea", "milk", "--quantity", "5"], ["toggle", "milk", "eggs"], ["check", "1", "3"],
    ["uncheck", "eggs"], ["rename", "bread", "rye bread"],
    ["edit", "milk", "--note", "oat", "--unit", ""], ["remove", "eggs", "bread"], ["clear"],
    ["reset"], ["move", "apples", "1"], ["sort", "--by", "name"],
    ["lists", "create", "party"], ["lists", "rename", "hardware", "tools"],
    ["lists", "delete", "hardware", "--force"], ["import", "WEEK"],
    ["import", "WEEK", "--mode", "replace"],
  ]

  @Test(arguments: changes)
  func undoRestoresEveryListExactly(change: [String]) throws {
    let shoplist = try filled()
    let before = try everything(shoplist)
    let week = shoplist.folder.appendingPathComponent("week.csv").path
    let arguments = change.map { $0 == "WEEK" ? week : $0 }
    try shoplist.ok(arguments: arguments)
    #expect(try everything(shoplist) != before, "\(change) changed nothing")

    let undo = try shoplist.ok("undo")

    #expect(undo.stdout.hasPrefix("undid #"), "\(undo)")
    #expect(try everything(shoplist) == before, "\(change)")
    #expect(try shoplist.integrityCheck() == "ok")
  }

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
