import Foundation
import Testing

/// `undo` after every kind of change puts every list back exactly: `list --json` of each list
/// byte for byte, timestamps included. The clock moves a minute on before the change, so a
/// timestamp the undo made instead of putting back would show.
@Suite struct UndoRestoresTests {
  /// Two lists with checked and unchecked items, fields, and a list to rename or delete; the
  /// path of a file to import.
  func filled() throws -> (InProcess, week: String) {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk", "--quantity", "2", "--unit", "l", "--category", "dairy")
    try shoplist.ok("add", "eggs", "bread", "apples", "--note", "green")
    try shoplist.ok("check", "eggs", "apples")
    try shoplist.ok("add", "nails", "screws", "--list", "hardware")
    let week = try shoplist.file("week.csv", "name,quantity,checked\nmilk,3,\ntea,1,x\n")
    // So that anything the change writes gets a later timestamp than what it overwrote.
    shoplist.advanceClock(by: 60)
    return (shoplist, week)
  }

  /// Every list's `list --json`, by name.
  func everything(_ shoplist: InProcess) throws -> [String: String] {
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
    let (shoplist, week) = try filled()
    let before = try everything(shoplist)
    let arguments = change.map { $0 == "WEEK" ? week : $0 }
    try shoplist.ok(arguments: arguments)
    #expect(try everything(shoplist) != before, "\(change) changed nothing")
    shoplist.advanceClock(by: 60)

    let undo = try shoplist.ok("undo")

    #expect(undo.stdout.hasPrefix("undid #"), "\(undo)")
    #expect(try everything(shoplist) == before, "\(change)")
    #expect(try shoplist.ok("db", "check").stdout.hasPrefix("ok"))
  }
}
