import Foundation
import ShoplistTestTraits
import Testing

/// A typo in a list's name never makes a list, and `lists` shows only lists that exist (the
/// contract's "Everyday use"), through the built binary.
@Suite(.offThePool) struct ListTypoTests {
  @Test func addToAListCloseToAnotherIsRefusedAndMakesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "-l", "Lidl")
    let before = try shoplist.dump()

    let typo = try shoplist.run("add", "Milk", "-l", "Lid")
    let fromEnvironment = try shoplist.run(
      "add", "Milk", environment: ["SHOPLIST_LIST": "lidll"])

    #expect(typo.status == 65)
    #expect(
      typo.stderr == #"shoplist: no list "Lid"; did you mean "Lidl"? (lists create Lid makes it)"#
        + "\n")
    #expect(typo.stdout == "")
    #expect(fromEnvironment.status == 65)
    #expect(fromEnvironment.stderr.contains(#"no list "lidll"; did you mean "Lidl"?"#))
    #expect(try shoplist.dump() == before)
  }

  @Test func importToAListCloseToAnotherIsRefusedAndMakesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "-l", "Big shop")
    let file = shoplist.folder.appendingPathComponent("week.txt")
    try Data("Milk\nEggs\n".utf8).write(to: file)
    let before = try shoplist.dump()

    let typo = try shoplist.run("import", file.path, "-l", "Big shp")

    #expect(typo.status == 65)
    #expect(
      typo.stderr
        == #"shoplist: no list "Big shp"; did you mean "Big shop"? (lists create "Big shp" makes it)"#
        + "\n")
    #expect(try shoplist.dump() == before)
  }

  @Test func aNameFarFromEveryListMakesTheListAsBefore() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "-l", "Lidl")

    try shoplist.ok("add", "Nails", "-l", "hardware")
    let created = try shoplist.run("lists", "create", "Lid")
    try shoplist.ok("add", "Milk", "-l", "Lid")

    #expect(created.status == 0)
    #expect(try shoplist.names(list: "Lid") == ["Milk"])
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func deletingTheDefaultListLeavesNoPhantomRow() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Bread", "-l", "Lidl")
    try shoplist.ok("lists", "create", "shopping")

    try shoplist.ok("lists", "delete", "shopping")
    let lists = try shoplist.ok("lists").stdout
    let json = try shoplist.ok("lists", "--json").stdout

    #expect(lists == "Lidl  1 item, 0 checked\n")
    #expect(json == #"{"lists": [{"name": "Lidl", "items": 1, "checked": 0}]}"# + "\n")
    // Made again when a command needs it.
    try shoplist.ok("add", "Milk")
    #expect(try shoplist.ok("lists").stdout.contains("shopping  1 item, 0 checked  (default)"))
  }

  @Test func aNewDatabaseShowsItsDefaultListButOneWhoseListsWereDeletedShowsNone() throws {
    let shoplist = try Shoplist()

    #expect(try shoplist.ok("lists").stdout == "shopping  0 items, 0 checked  (default)\n")
    try shoplist.ok("lists", "delete", "shopping")
    let lists = try shoplist.run("lists")
    let json = try shoplist.run("lists", "--json")

    #expect(lists.status == 0)
    #expect(lists.stdout == "no lists yet (add items with: shoplist add NAME)\n")
    #expect(json.stdout == #"{"lists": []}"# + "\n")
    try shoplist.ok("list")
    #expect(try shoplist.ok("lists").stdout == "shopping  0 items, 0 checked  (default)\n")
  }
}
