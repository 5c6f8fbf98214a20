import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ListsCommandTests {
  @Test func listsShowsEveryListWithCounts() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Eggs")
    try shoplist.ok("check", "milk")
    try shoplist.ok("add", "Nails", "-l", "hardware")
    let json = try shoplist.run("lists", "--json")
    #expect(
      json.stdout
        == "{\"lists\": [{\"name\": \"shopping\", \"items\": 2, \"checked\": 1, \"default\": true}, "
        + "{\"name\": \"hardware\", \"items\": 1, \"checked\": 0}]}\n"
    )
    let human = try shoplist.ok("lists")
    #expect(
      human.stdout == "shopping  2 items, 1 checked  (default)\nhardware  1 item, 0 checked\n")
  }

  @Test func listsOnAFreshDatabaseShowsTheDefaultList() throws {
    let shoplist = try Shoplist()
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == "{\"lists\": [{\"name\": \"shopping\", \"items\": 0, \"checked\": 0, \"default\": true}]}\n"
    )
  }

  @Test func createRenameAndDeleteLists() throws {
    let shoplist = try Shoplist()
    #expect(
      try shoplist.ok("lists", "create", "Weekend  BBQ").stdout == "created list Weekend BBQ\n")
    let created = try shoplist.run("lists", "create", "Party", "--json")
    #expect(created.stdout == "{\"list\": \"Party\", \"items\": []}\n")
    #expect(
      try shoplist.ok("lists", "rename", "weekend bbq", "BBQ").stdout
        == "renamed list Weekend BBQ to BBQ\n")
    try shoplist.ok("add", "Sausages", "--list", "bbq")
    let refused = try shoplist.run("lists", "delete", "BBQ")
    #expect(refused.status == 65)
    #expect(refused.stderr == "shoplist: list \"BBQ\" has 1 item; use --force to delete it\n")
    #expect(
      try shoplist.ok("lists", "delete", "BBQ", "--force").stdout
        == "deleted list BBQ and its 1 item\n")
    #expect(try shoplist.ok("lists", "delete", "party").stdout == "deleted list Party\n")
    // Only lists that exist: the default list was never needed, so there is none.
    let remaining = try shoplist.run("lists", "--json").stdout
    #expect(remaining == "{\"lists\": []}\n")
  }

  @Test func listNameClashesAreRefused() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("lists")
    try shoplist.ok("lists", "create", "Party")
    let clash = try shoplist.run("lists", "create", "PARTY")
    #expect(clash.status == 65)
    #expect(clash.stderr == "shoplist: a list named \"Party\" already exists\n")
    let renameClash = try shoplist.run("lists", "rename", "party", "Shopping")
    #expect(renameClash.status == 65)
  }

  @Test func aCommandNamingAMissingListFails() throws {
    let shoplist = try Shoplist()
    for arguments in [
      ["list", "-l", "nope"], ["toggle", "x", "-l", "nope"], ["lists", "delete", "nope"],
      ["lists", "rename", "nope", "yes"], ["clear", "--list", "nope"],
    ] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderr == "shoplist: no list \"nope\"\n", "\(arguments)")
    }
  }

  @Test func theTargetListComesFromTheEnvironmentWhenNotGiven() throws {
    let shoplist = try Shoplist()
    try shoplist.run("add", "Nails", environment: ["SHOPLIST_LIST": "hardware"])
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
    #expect(try shoplist.names() == [])
  }
}
