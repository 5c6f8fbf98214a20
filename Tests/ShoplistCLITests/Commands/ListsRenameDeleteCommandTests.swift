import Foundation
import Testing

@testable import ShoplistCLI

/// `lists rename` and `lists delete`.
@Suite struct ListsRenameDeleteCommandTests {
  /// shopping (Milk) and Party (Chips, Dip).
  func twoLists() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("add", "Chips", "Dip", "--list", "Party")
    return shoplist
  }

  @Test func renameGivesTheListANewNameAndKeepsItsItems() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "rename", "party", "Weekend  BBQ")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "renamed list Party to Weekend BBQ\n")
    #expect(try shoplist.listNames() == ["shopping", "Weekend BBQ"])
    #expect(try shoplist.names(list: "Weekend BBQ") == ["Chips", "Dip"])
  }

  @Test func renameWithJSONPrintsTheRenamedListsDocument() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Chips", "--list", "Party")

    let result = shoplist.run("lists", "rename", "Party", "BBQ", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON("BBQ", [InProcess.itemJSON(id: 2, position: 1, name: "Chips")])
    )
  }

  @Test func renameOntoATakenNameIsExit65AndChangesNothing() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "rename", "party", "SHOPPING")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: a list named \"shopping\" already exists\n")
    #expect(try shoplist.listNames() == ["shopping", "Party"])
  }

  @Test func renameOfAMissingListIsExit65() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "rename", "nope", "yes")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(try shoplist.listNames() == ["shopping", "Party"])
  }

  @Test func deleteRemovesAnEmptyList() throws {
    let shoplist = try twoLists()
    try shoplist.ok("lists", "create", "Empty")

    let result = shoplist.run("lists", "delete", "empty")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "deleted list Empty\n")
    #expect(try shoplist.listNames() == ["shopping", "Party"])
  }

  @Test func deleteOfAListWithItemsNeedsForce() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "delete", "party")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: list \"Party\" has 2 items; use --force to delete it\n")
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.names(list: "Party") == ["Chips", "Dip"])
  }

  @Test func deleteWithForceRemovesTheListAndItsItems() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "delete", "party", "--force")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "deleted list Party and its 2 items\n")
    #expect(try shoplist.listNames() == ["shopping"])
  }

  @Test func deleteWithJSONPrintsTheListsLeft() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "delete", "party", "--force", "--json")

    #expect(
      result.stdout
        == #"{"lists": [{"name": "shopping", "items": 1, "checked": 0, "default": true}]}"# + "\n"
    )
  }

  @Test func deleteOfAMissingListIsExit65() throws {
    let shoplist = try twoLists()

    let result = shoplist.run("lists", "delete", "nope", "--force")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(try shoplist.listNames() == ["shopping", "Party"])
  }
}
