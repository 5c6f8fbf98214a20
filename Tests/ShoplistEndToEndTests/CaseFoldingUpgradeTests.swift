import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// A database made by the release before names were compared under full case folding, with
/// names that now compare equal: upgraded by whatever command runs first, nothing lost.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct CaseFoldingUpgradeTests {
  /// The database, as `sqlite3 .dump` printed it; how it was made is said at its top.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/names-before-case-folding.sql")

  /// A shoplist whose database is the fixture's.
  static func upgrading() throws -> Shoplist {
    let shoplist = try Shoplist()
    try FileManager.default.createDirectory(
      at: shoplist.database.deletingLastPathComponent(), withIntermediateDirectories: true)
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [shoplist.database.path]
    process.standardInput = try FileHandle(forReadingFrom: fixture)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return shoplist
  }

  static let renames = [
    #"renamed list "καφέσ" to "καφέσ (2)": it now has the same name as list "Καφές""#,
    #"renamed "WEISSWURST" in shopping to "WEISSWURST (2)": it now has the same name as "#
      + #""Weißwurst""#,
    #"renamed "ΟΔΟς" in shopping to "ΟΔΟς (2)": it now has the same name as "ΟΔΟΣ""#,
    #"renamed "Mi\u{200D}lk" in shopping to "Mi\u{200D}lk (2)": it now has the same name as "#
      + #""milk""#,
    #"renamed "ﬁsh" in shopping to "ﬁsh (3)": it now has the same name as "Fish""#,
    #"renamed "Maße" in shopping to "Maße (2)": it now has the same name as "MASSE""#,
    #"renamed "ma\u{AD}sse" in shopping to "ma\u{AD}sse (3)": it now has the same name as "#
      + #""MASSE""#,
  ]

  static let shoppingAfterwards = [
    "Weißwurst", "milk", "ΟΔΟΣ", "Fish", "FISH (2)", "MASSE", "WEISSWURST (2)", "ΟΔΟς (2)",
    "Mi\u{200D}lk (2)", "ﬁsh (3)", "Maße (2)", "ma\u{AD}sse (3)",
  ]

  @Test func theFirstCommandRenamesTheLaterOfEachPairTellsEachOnceAndIsStillDone() throws {
    let shoplist = try Self.upgrading()

    let first = try shoplist.run("add", "eggs")
    let second = try shoplist.run("add", "bread")

    #expect(first.status == 0, "\(first)")
    #expect(first.stderr == Self.renames.map { "shoplist: \($0)\n" }.joined())
    #expect(first.stdout == "added eggs to shopping\n")
    #expect(second.status == 0, "\(second)")
    #expect(second.stderr == "")
    #expect(try shoplist.names() == Self.shoppingAfterwards + ["eggs", "bread"])
    let lists = try shoplist.run("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(lists?.map { $0["name"] as? String } == ["shopping", "Καφές", "καφέσ (2)"])
    #expect(lists?.map { $0["items"] as? Int } == [14, 1, 1])
    #expect(try shoplist.names(list: "καφέσ (2)") == ["beans"])
    // The renamed items keep what they had.
    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]] ?? []
    #expect(items[6]["checked"] as? Bool == true)
    #expect(items[7]["quantity"] as? Int == 2)
    #expect(try shoplist.ok("db", "check").stdout == "ok\n")
  }

  @Test func aCommandThatOnlyReadsUpgradesTooAndTheNewNamesAreTheOnesToUse() throws {
    let shoplist = try Self.upgrading()

    let listed = try shoplist.run("list")
    let checked = try shoplist.run("check", "maße (2)", "weisswurst")
    let again = try shoplist.run("add", "WEIẞWURST")

    #expect(listed.status == 0, "\(listed)")
    #expect(listed.stderr.split(separator: "\n").count == Self.renames.count)
    #expect(checked.stdout == "checked Maße (2)\nchecked Weißwurst\n", "\(checked)")
    #expect(again.status == 0, "\(again)")
    #expect(try shoplist.names().count == Self.shoppingAfterwards.count)
  }

  /// History holds the renamed items and lists as they were before; taking back those
  /// changes neither fails on the clash nor brings it back.
  @Test func earlierChangesToTheRenamedItemsCanStillBeUndoneAndRedone() throws {
    let shoplist = try Self.upgrading()
    try shoplist.ok("list")

    // #4 check WEISSWURST, #6 rename mi‍lk Mi‍lk, #7 rename οδος ΟΔΟς,
    // #12 lists rename ΚΑΦΈΣ καφέσ, #11 check --list ΚΑΦΈΣ beans.
    for entry in ["4", "6", "7", "12", "11"] {
      let result = try shoplist.run("undo", entry)
      #expect(result.status == 0, "undo \(entry): \(result)")
      #expect(result.stderr == "")
    }

    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]] ?? []
    #expect(
      items.map { $0["name"] as? String } == [
        "Weißwurst", "milk", "ΟΔΟΣ", "Fish", "FISH (2)", "MASSE", "WEISSWURST (2)", "οδος (2)",
        "mi\u{200D}lk (2)", "ﬁsh (3)", "Maße (2)", "ma\u{AD}sse (3)",
      ])
    #expect(items[6]["checked"] as? Bool == false)
    let lists = try shoplist.run("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(lists?.map { $0["name"] as? String } == ["shopping", "Καφές", "ΚΑΦΈΣ (2)"])
    #expect(lists?.map { $0["checked"] as? Int } == [0, 0, 0])

    for _ in 1...5 { try shoplist.ok("redo") }
    #expect(try shoplist.names() == Self.shoppingAfterwards)
    let redone = try shoplist.run("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(redone?.map { $0["name"] as? String } == ["shopping", "Καφές", "καφέσ (2)"])
    #expect(redone?.map { $0["checked"] as? Int } == [1, 0, 1])
    #expect(try shoplist.ok("db", "check").stdout == "ok\n")
  }
}
