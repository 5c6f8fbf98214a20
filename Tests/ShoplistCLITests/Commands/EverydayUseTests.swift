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
    #expect(shoplist.run("lists", "default").status == 64)
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

@Suite struct FindCommandTests {
  func household() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--category", "Dairy")
    try shoplist.ok("add", "Crème fraîche", "--note", "for the soup")
    try shoplist.ok("add", "Oat milk", "-l", "party")
    try shoplist.ok("add", "Soap", "--note", "MILK scent", "-l", "hardware")
    try shoplist.ok("check", "oat", "-l", "party")
    return shoplist
  }

  @Test func findLooksInNamesCategoriesAndNotesOfEveryList() throws {
    let shoplist = try household()

    let result = try shoplist.ok("find", "milk")

    #expect(
      result.stdout == """
        3 items match "milk"
        shopping  1  [ ] Milk  (Dairy)
        party     1  [x] Oat milk
        hardware  1  [ ] Soap  (MILK scent)

        """
    )
  }

  @Test func findIgnoresCaseAndAccents() throws {
    let shoplist = try household()

    #expect(try shoplist.ok("find", "CREME").stdout.contains("Crème fraîche  (for the soup)"))
    #expect(try shoplist.ok("find", "dairy").stdout.contains("Milk"))
    #expect(try shoplist.ok("find", "FRAICHE").stdout.hasPrefix("1 item match"))
  }

  @Test func findJSONGivesItemObjectsWithTheirList() throws {
    let shoplist = try household()

    let result = try shoplist.ok("find", "oat", "--json")

    let items = try #require(try result.json()["items"] as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["list"] as? String == "party")
    #expect(items.first?["name"] as? String == "Oat milk")
    #expect(items.first?["position"] as? Int == 1)
    #expect(items.first?["checked"] as? Bool == true)
    #expect(result.stdout.hasPrefix(#"{"items": [{"id": ""#))
  }

  @Test func findingNothingSaysSo() throws {
    let shoplist = try household()

    #expect(try shoplist.ok("find", "bananas").stdout == "no items match \"bananas\"\n")
    #expect(try shoplist.ok("find", "bananas", "--json").stdout == #"{"items": []}"# + "\n")
  }

  @Test func findNeedsText() throws {
    let shoplist = try household()

    let empty = shoplist.run("find", " ")
    #expect(empty.status == 64)
    #expect(empty.stderr.contains("find needs some text"))
    #expect(shoplist.run("find").status == 64)
  }
}

@Suite struct ShopOrderTests {
  func stocked() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Tea")
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("add", "Apples", "--category", "Produce")
    try shoplist.ok("add", "Soap", "--category", "household")
    try shoplist.ok("add", "Bread", "--category", "bakery")
    try shoplist.ok("add", "Cheese", "--category", "Dairy")
    return shoplist
  }

  @Test func aislesStoresAndPrintsTheShopOrder() throws {
    let shoplist = try stocked()
    #expect(
      try shoplist.ok("aisles").stdout
        == "no shop order yet (set one with: shoplist aisles CATEGORY...)\n"
    )

    #expect(
      try shoplist.ok("aisles", "produce", "bakery", "dairy").stdout
        == "shop order: produce → bakery → dairy\n"
    )

    #expect(try shoplist.ok("aisles").stdout == "shop order: produce → bakery → dairy\n")
    #expect(
      try shoplist.ok("aisles", "--json").stdout == #"{"aisles": ["produce", "bakery", "dairy"]}"#
        + "\n"
    )
    #expect(
      try shoplist.ok("aisles", "produce", "bakery", "dairy").stdout == "shop order unchanged\n")
    #expect(try shoplist.ok("aisles", "--clear").stdout == "shop order forgotten\n")
    #expect(try shoplist.ok("aisles", "--json").stdout == #"{"aisles": []}"# + "\n")
  }

  @Test func aBadShopOrderIsRefusedAndChangesNothing() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "produce", "dairy")
    let before = try Data(contentsOf: shoplist.database)

    let repeated = shoplist.run("aisles", "dairy", "bakery", "DAIRY")
    #expect(repeated.status == 65)
    #expect(repeated.stderr == "shoplist: category \"DAIRY\" is given twice\n")
    let control = shoplist.run("aisles", "frozen\u{7}")
    #expect(control.status == 65)
    #expect(shoplist.run("aisles", "--clear", "dairy").status == 64)

    #expect(try Data(contentsOf: shoplist.database) == before)
    #expect(try shoplist.ok("aisles").stdout == "shop order: produce → dairy\n")
  }

  @Test func sortByAisleOrdersTheListForGood() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "produce", "bakery", "dairy")

    #expect(try shoplist.ok("sort", "--by", "aisle").stdout == "sorted shopping by aisle\n")

    // Shop order, then other categories by name, then no category; Milk before Cheese as
    // they were.
    #expect(
      try shoplist.items().map { $0["name"] as? String }
        == ["Apples", "Bread", "Milk", "Cheese", "Soap", "Tea"]
    )
    #expect(try shoplist.ok("history", "--limit", "1").stdout.contains("sort --by aisle"))
  }

  @Test func sortByAisleWithNoShopOrderSortsByCategoryName() throws {
    let shoplist = try stocked()

    try shoplist.ok("sort", "--by", "aisle")

    #expect(
      try shoplist.items().map { $0["name"] as? String }
        == ["Bread", "Milk", "Cheese", "Soap", "Apples", "Tea"]
    )
  }

  @Test func listByAisleGroupsUnderHeadingsWithoutReordering() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "Produce", "bakery", "DAIRY")
    let stored = try shoplist.items().map { $0["name"] as? String }

    let result = try shoplist.ok("list", "--by-aisle")

    #expect(
      result.stdout == """
        shopping · 6 items, 0 checked · in shop order
        Produce
          3  [ ] Apples
        bakery
          5  [ ] Bread
        DAIRY
          2  [ ] Milk
          6  [ ] Cheese
        household
          4  [ ] Soap
        (no category)
          1  [ ] Tea

        """
    )
    #expect(try shoplist.items().map { $0["name"] as? String } == stored)
  }

  @Test func undoPutsTheEarlierShopOrderBack() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "produce", "dairy")
    try shoplist.ok("aisles", "bakery")

    try shoplist.ok("undo")

    #expect(try shoplist.ok("aisles").stdout == "shop order: produce → dairy\n")
  }
}

@Suite struct TableWidthTests {
  /// Names and notes of every width: CJK (two columns a character), emoji (two), combining
  /// marks (none), and a long note.
  func international(columns: Int?) throws -> InProcess {
    let shoplist = try InProcess(stdoutIsTerminal: columns != nil, terminalColumns: columns)
    try shoplist.ok("add", "牛乳", "--quantity", "2", "--unit", "l", "--category", "乳製品")
    try shoplist.ok("add", "🍎 Äpfel", "--quantity", "6")
    try shoplist.ok(
      "add", "Cafe\u{301} au lait", "--note", "the one with the blue label, not the red")
    try shoplist.ok("add", "Sourdough loaf from the bakery on the corner", "--category", "bakery")
    try shoplist.ok("add", "🧀", "--note", "チーズ")
    return shoplist
  }

  @Test func at80ColumnsEverythingFitsAndLinesUp() throws {
    let shoplist = try international(columns: 80)

    let result = try shoplist.ok("list", "--no-color")

    #expect(
      result.stdout == """
        shopping · 5 items, 0 checked
          1  [ ] 牛乳                                          2 l  乳製品
          2  [ ] 🍎 Äpfel                                      6
          3  [ ] Café au lait                                               the one wit…
          4  [ ] Sourdough loaf from the bakery on the corner       bakery
          5  [ ] 🧀                                                         チーズ

        """
    )
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
    }
  }

  @Test func at40ColumnsNamesAndNotesAreShortened() throws {
    let shoplist = try international(columns: 40)

    let result = try shoplist.ok("list", "--no-color")

    #expect(
      result.stdout == """
        shopping · 5 items, 0 checked
          1  [ ] 牛乳      2 l  乳製品
          2  [ ] 🍎 Äpfel  6
          3  [ ] Café au…               the one…
          4  [ ] Sourdou…       bakery
          5  [ ] 🧀                     チーズ

        """
    )
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 40, "\(line)")
    }
  }

  @Test func outputToAPipeIsNeverShortened() throws {
    let shoplist = try international(columns: nil)

    let result = try shoplist.ok("list")

    #expect(result.stdout.contains("Sourdough loaf from the bakery on the corner"))
    #expect(result.stdout.contains("the one with the blue label, not the red"))
  }

  @Test func displayWidthCountsColumnsNotCharacters() {
    #expect(DisplayWidth.of("Milk") == 4)
    #expect(DisplayWidth.of("牛乳") == 4)
    #expect(DisplayWidth.of("🍎") == 2)
    #expect(DisplayWidth.of("❤️") == 2)
    #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
    #expect(DisplayWidth.of("ﾐﾙｸ") == 3, "half-width katakana take one column")
    #expect(DisplayWidth.truncated("牛乳と卵", to: 5) == "牛乳…")
    #expect(DisplayWidth.truncated("Milk", to: 4) == "Milk")
    #expect(DisplayWidth.padded("牛乳", to: 6) == "牛乳  ")
  }
}
