import Foundation
import Testing

@testable import ShoplistCLI

/// The contract's "Everyday use", command by command, in process.
@Suite struct BareCommandTests {
  @Test func shoplistAloneShowsTheListAsListDoes() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs")

    let bare = shoplist.run()

    #expect(bare.status == 0)
    #expect(bare.stdout == shoplist.run("list").stdout)
    #expect(bare.stdout.hasPrefix("shopping · 2 items"))
  }

  @Test func globalOptionsAloneShowTheListToo() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Nails", "-l", "hardware")

    #expect(try shoplist.ok("--json").stdout == shoplist.run("list", "--json").stdout)
    #expect(try shoplist.ok("-l", "hardware").stdout.hasPrefix("hardware · 1 item"))
    #expect(shoplist.run("--bogus").status == 64)
  }

  @Test func helpAndVersionStillAnswer() throws {
    let shoplist = try InProcess()
    #expect(try shoplist.ok("--help").stdout.contains("USAGE"))
    #expect(try shoplist.ok("--version").stdout.hasPrefix("shoplist "))
  }
}

@Suite struct DefaultListTests {
  @Test func aFreshDatabasesDefaultIsShoppingMarkedInLists() throws {
    let shoplist = try InProcess()

    #expect(try shoplist.ok("lists").stdout == "shopping  0 items, 0 checked  (default)\n")
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == #"{"lists": [{"name": "shopping", "items": 0, "checked": 0, "default": true}]}"# + "\n"
    )
  }

  @Test func listsDefaultIsKeptAndUsedWhenNoListIsNamed() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Nails", "-l", "hardware")

    #expect(
      try shoplist.ok("lists", "default", "HARDWARE").stdout == "hardware is now the default list\n"
    )

    #expect(try shoplist.ok("add", "Screws").stdout == "added Screws to hardware\n")
    #expect(try shoplist.items().map { $0["name"] as? String } == ["Nails", "Screws"])
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == #"{"lists": [{"name": "hardware", "items": 2, "checked": 0, "default": true}]}"# + "\n"
    )
    // --list and $SHOPLIST_LIST still pick another list for one command.
    #expect(try shoplist.ok("list", "-l", "shopping").stdout.hasPrefix("shopping · empty"))
    #expect(
      try shoplist.ok("list", environment: ["SHOPLIST_LIST": "shopping"]).stdout
        .hasPrefix("shopping · empty")
    )
    #expect(
      try shoplist.ok("lists", "default", "hardware").stdout
        == "hardware is already the default list\n"
    )
  }

  @Test func listsDefaultAlonePrintsTheDefault() throws {
    let shoplist = try InProcess()

    // A fresh database's default is shopping.
    #expect(try shoplist.ok("lists", "default").stdout == "shopping\n")

    try shoplist.ok("add", "Nails", "-l", "Lidl Express")
    try shoplist.ok("lists", "default", "lidl express")
    #expect(try shoplist.ok("lists", "default").stdout == "Lidl Express\n")
    #expect(
      try shoplist.ok("lists", "default", "--json").stdout == #"{"default": "Lidl Express"}"# + "\n"
    )
    #expect(try shoplist.ok("--quiet", "lists", "default").stdout == "")
  }

  @Test func renamingTheDefaultListKeepsItTheDefault() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    try shoplist.ok("lists", "rename", "shopping", "groceries")

    #expect(try shoplist.ok("list").stdout.hasPrefix("groceries · 1 item"))
    #expect(try shoplist.ok("lists").stdout == "groceries  1 item, 0 checked  (default)\n")
  }

  @Test func deletingTheDefaultListMakesShoppingTheDefaultAgain() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Tent", "-l", "camping")
    try shoplist.ok("lists", "default", "camping")
    #expect(try shoplist.ok("lists").stdout == "camping  1 item, 0 checked  (default)\n")

    try shoplist.ok("lists", "delete", "camping", "--force")

    #expect(try shoplist.ok("list").stdout.hasPrefix("shopping · empty"))
    #expect(try shoplist.ok("lists").stdout == "shopping  0 items, 0 checked  (default)\n")
  }

  @Test func undoPutsTheEarlierDefaultBack() throws {
    let shoplist = try InProcess()
    try shoplist.ok("lists", "create", "party")
    try shoplist.ok("lists", "default", "party")

    #expect(try shoplist.ok("undo").stdout == "undid #2 lists default party\n")

    #expect(try shoplist.ok("list").stdout.hasPrefix("shopping · empty"))
    try shoplist.ok("redo")
    #expect(try shoplist.ok("list").stdout.hasPrefix("party · empty"))
  }

  @Test func aListThatDoesNotExistCannotBeTheDefault() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")
    let before = try Data(contentsOf: shoplist.database)

    let result = shoplist.run("lists", "default", "nowhere")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nowhere\"\n")
    #expect(try Data(contentsOf: shoplist.database) == before)
    #expect(try shoplist.ok("lists", "default").stdout == "shopping\n")
  }
}

@Suite struct DidYouMeanTests {
  @Test func anUnknownCommandSuggestsTheNearest() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("ad", "milk")

    #expect(result.status == 64)
    #expect(result.stderr == "shoplist: unknown command \"ad\"; did you mean \"add\"?\n")
    #expect(try shoplist.items().isEmpty)
  }

  @Test func anUnknownListsSubcommandSuggestsTheNearest() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("help", "lists", "defualt")

    #expect(result.status == 64)
    #expect(result.stderr == "shoplist: unknown command \"defualt\"; did you mean \"default\"?\n")
  }

  @Test func aFarCommandGetsNoSuggestion() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("xyzzy")

    #expect(result.status == 64)
    #expect(result.stderr == "shoplist: unknown command \"xyzzy\" (see shoplist --help)\n")
  }

  @Test func anUnknownReferenceSuggestsTheNearestItem() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk", "Crème fraîche", "Bread")

    let typo = shoplist.run("toggle", "mlk")
    #expect(typo.status == 65)
    #expect(
      typo.stderr == "shoplist: no item \"mlk\" in list \"shopping\"; did you mean \"milk\"?\n")

    let accent = shoplist.run("check", "creme fraiche")
    #expect(accent.status == 65)
    #expect(accent.stderr.hasSuffix("did you mean \"Crème fraîche\"?\n"))

    #expect(try shoplist.items().allSatisfy { $0["checked"] as? Bool == false })
  }

  @Test(arguments: ["edit", "toggle", "move"])
  func aReferenceToALaterWordOfOneNameSuggestsThatItem(command: String) throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk", "2 l greek yoghurt", "bread")
    let before = try shoplist.items()

    let arguments =
      command == "edit"
      ? ["yoghurt", "--note", "x"] : command == "move" ? ["yoghurt", "1"] : ["yoghurt"]
    let result = shoplist.run(arguments: [command] + arguments)

    #expect(result.status == 65)
    #expect(
      result.stderr
        == "shoplist: no item \"yoghurt\" in list \"shopping\"; did you mean \"greek yoghurt\"?\n")
    #expect(
      try shoplist.items().map { $0["name"] as? String } == before.map { $0["name"] as? String })
    #expect(
      try shoplist.items().map { $0["note"] as? String } == before.map { $0["note"] as? String })
  }

  @Test func aFarReferenceGetsNoSuggestion() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("remove", "bananas")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"bananas\" in list \"shopping\"\n")
  }

  @Test func aSuggestionComesFromAListReadWholeToo() throws {
    // `move` reads the whole list; `toggle` only the named items: both suggest.
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs")

    let result = shoplist.run("move", "egs", "1")

    #expect(result.status == 65)
    #expect(
      result.stderr == "shoplist: no item \"egs\" in list \"shopping\"; did you mean \"Eggs\"?\n")
  }
}
