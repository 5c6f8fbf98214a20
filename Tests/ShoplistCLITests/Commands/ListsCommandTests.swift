import Foundation
import Testing

@testable import ShoplistCLI

/// `lists` and `lists create`.
@Suite struct ListsCommandTests {
  @Test func aFreshDatabaseHasTheDefaultListAlone() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "--json")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == #"{"lists": [{"name": "shopping", "items": 0, "checked": 0, "default": true}]}"# + "\n"
    )
  }

  @Test func everyListIsShownWithItsItemAndCheckedCounts() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs")
    try shoplist.ok("check", "milk")
    try shoplist.ok("add", "Nails", "-l", "hardware")

    let result = shoplist.run("lists")

    #expect(
      result.stdout == "shopping  2 items, 1 checked  (default)\nhardware  1 item, 0 checked\n")
  }

  @Test func jsonListsEveryListWithItsCounts() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs")
    try shoplist.ok("check", "milk")
    try shoplist.ok("add", "Nails", "-l", "hardware")

    let result = shoplist.run("lists", "--json")

    #expect(
      result.stdout
        == #"{"lists": [{"name": "shopping", "items": 2, "checked": 1, "default": true}, "#
        + #"{"name": "hardware", "items": 1, "checked": 0}]}"# + "\n"
    )
  }

  @Test func showIsWhatListsDoesAlone() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    #expect(shoplist.run("lists", "show").stdout == shoplist.run("lists").stdout)
  }

  @Test func quietPrintsNothing() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "--quiet")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }

  @Test func createMakesAnEmptyList() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "create", "Weekend  BBQ")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "created list Weekend BBQ\n")
    #expect(try shoplist.listNames().contains("Weekend BBQ"))
    #expect(try shoplist.names(list: "weekend bbq").isEmpty)
  }

  @Test func createWithJSONPrintsTheEmptyListDocument() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "create", "Party", "--json")

    #expect(result.stdout == "{\"list\": \"Party\", \"items\": []}\n")
  }

  @Test func createOfATakenNameInAnyCaseIsExit65() throws {
    let shoplist = try InProcess()
    try shoplist.ok("lists", "create", "Party")

    let result = shoplist.run("lists", "create", "PARTY")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: a list named \"Party\" already exists\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func createOfAnInvalidNameIsExit65() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "create", "")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: invalid name \"\": it is empty\n")
    #expect(try shoplist.listNames() == ["shopping"])
  }

  @Test func createWithoutANameIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "create")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func anUnknownSubcommandIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("lists", "frobnicate")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
