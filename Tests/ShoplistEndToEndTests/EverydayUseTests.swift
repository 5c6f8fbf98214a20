import Foundation
import ShoplistTestTraits
import Testing

/// The contract's "Everyday use", through the built binary.
@Suite(.offThePool) struct EverydayUseEndToEndTests {
  @Test func shoplistAloneShowsTheList() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")

    let bare = try shoplist.run()

    #expect(bare.status == 0)
    #expect(bare.stdout == "shopping · 1 item, 0 checked\n  1  [ ] Milk\n")
  }

  @Test func theDefaultListStaysAcrossRunsRenamesAndDeletes() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("lists", "rename", "shopping", "groceries")

    // The user's list is not gone: a plain list still shows it.
    #expect(try shoplist.ok("list").stdout == "groceries · 1 item, 0 checked\n  1  [ ] Milk\n")
    try shoplist.ok("add", "Tent", "-l", "camping")
    #expect(
      try shoplist.ok("lists", "default", "camping").stdout == "camping is now the default list\n")
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == #"{"lists": [{"name": "groceries", "items": 1, "checked": 0}, "#
        + #"{"name": "camping", "items": 1, "checked": 0, "default": true}]}"# + "\n"
    )
    #expect(try shoplist.ok("check", "tent", "--json").stdout.hasPrefix(#"{"list": "camping""#))

    try shoplist.ok("lists", "delete", "camping", "--force")
    #expect(
      try shoplist.ok("list").stdout == "shopping · empty\n  (add items with: shoplist add NAME)\n")
    #expect(try shoplist.ok("lists").stdout.contains("shopping   0 items, 0 checked  (default)"))
  }

  @Test func typosGetASuggestionAndTheirExitCode() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = shoplist.databaseBytes()

    let command = try shoplist.run("ad", "milk")
    #expect(command.status == 64)
    #expect(command.stderr == "shoplist: unknown command \"ad\"; did you mean \"add\"?\n")

    let reference = try shoplist.run("toggle", "mlk")
    #expect(reference.status == 65)
    #expect(
      reference.stderr == "shoplist: no item \"mlk\" in list \"shopping\"; did you mean \"milk\"?\n"
    )
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func findSearchesEveryList() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Crème fraîche")
    try shoplist.ok("add", "Sour cream", "--note", "or crème fraîche", "-l", "party")

    let result = try shoplist.ok("find", "CREME", "--json")

    let items = try #require(try result.json()["items"] as? [[String: Any]])
    #expect(items.map { $0["list"] as? String } == ["shopping", "party"])
    #expect(items.map { $0["name"] as? String } == ["Crème fraîche", "Sour cream"])
    #expect(try shoplist.ok("find", "fraiche").stdout.hasPrefix("2 items match \"fraiche\"\n"))
  }

  @Test func shopOrderSortsAndGroups() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("add", "Tea")
    try shoplist.ok("add", "Apples", "--category", "produce")
    try shoplist.ok("aisles", "produce", "dairy")

    #expect(
      try shoplist.ok("list", "--by-aisle").stdout
        == "shopping · 3 items, 0 checked · in shop order\nproduce\n  3  [ ] Apples\n"
        + "dairy\n  1  [ ] Milk\n(no category)\n  2  [ ] Tea\n"
    )
    try shoplist.ok("sort", "--by", "aisle")
    #expect(try shoplist.names() == ["Apples", "Milk", "Tea"])
    try shoplist.ok("undo")
    #expect(try shoplist.names() == ["Milk", "Tea", "Apples"])
  }

  @Test func onAPseudoTerminalTheTableFitsItsWidth() throws {
    let shoplist = try Shoplist()
    try shoplist.ok(
      "add", "Sourdough loaf from the bakery on the corner", "--note", "sliced, please")
    try shoplist.ok("add", "牛乳", "--category", "乳製品")

    // `script` runs the binary on a pseudo terminal; with no size set on it, $COLUMNS says.
    let terminal = try shoplist.runTool(
      "/usr/bin/script", ["-qec", "\(Shoplist.binary.path) list", "/dev/null"],
      environment: ["COLUMNS": "40", "NO_COLOR": "1"]
    )
    let lines = terminal.stdout.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "shopping · 2 items, 0 checked",
        "  1  [ ] Sourdough lo…          sliced,…",
        "  2  [ ] 牛乳           乳製品",
      ]
    )

    let piped = try shoplist.run("list", environment: ["COLUMNS": "40"])
    #expect(piped.stdout.contains("Sourdough loaf from the bakery on the corner"))
    #expect(piped.stdout.contains("sliced, please"))
  }

  @Test func bashCompletionCompletesItemAndListNamesFromTheDatabase() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread", "Butter")
    try shoplist.ok("add", "Nails", "-l", "hardware")
    try shoplist.ok("lists", "create", "holiday")
    let complete = shoplist.bashCompletions
    #expect(try complete(["toggle", "B"]) == ["Bread", "Butter"])
    #expect(try complete(["check", "Mi"]) == ["Milk"])
    #expect(try complete(["remove", "--list", "hardware", "N"]) == ["Nails"])
    #expect(try complete(["list", "--list", "h"]) == ["hardware", "holiday"])
    #expect(try complete(["lists", "default", "ho"]) == ["holiday"])
  }

  @Test func bashCompletionQuotesNamesWithSpacesAsTheWordIsQuoted() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "oat milk", "orange juice", "Milk")
    try shoplist.ok("lists", "create", "Big shop")
    let complete = shoplist.bashCompletions

    #expect(try complete(["check", "o"]) == [#"oat\ milk"#, #"orange\ juice"#])
    #expect(try complete(["check", #"oat\ m"#]) == [#"oat\ milk"#])
    #expect(try complete(["check", #""oat m"#]) == [#""oat milk""#])
    #expect(try complete(["check", "'or"]) == ["'orange juice'"])
    #expect(try complete(["add", "--list", "B"]) == [#"Big\ shop"#])
  }

  @Test func bashCompletionOffersTheItemsOfAListWhoseNameHasASpace() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "cheese", "chives", "Milk", "-l", "Lidl Express")
    try shoplist.ok("add", "chard")
    let complete = shoplist.bashCompletions

    #expect(try complete(["--list", #""Lidl Express""#, "toggle", "ch"]) == ["cheese", "chives"])
    #expect(try complete(["--list", #"Lidl\ Express"#, "toggle", "ch"]) == ["cheese", "chives"])
    #expect(try complete(["-l", "'Lidl Express'", "check", "M"]) == ["Milk"])
    #expect(try complete(["toggle", "--list", #""Lidl Express""#, "ch"]) == ["cheese", "chives"])
    #expect(try complete(["toggle", "ch"]) == ["chard"])
  }

  @Test func bashCompletionReadsAListGivenBeforeTheCommand() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("add", "Nails", "Nuts", "-l", "hardware")
    let complete = shoplist.bashCompletions

    #expect(try complete(["--list", ""]) == ["hardware", "shopping"])
    #expect(try complete(["--list", "h"]) == ["hardware"])
    #expect(try complete(["--list", "hardware", "check", "N"]) == ["Nails", "Nuts"])
    #expect(try complete(["-l", "hardware", "--json", "toggle", ""]) == ["Nails", "Nuts"])
    #expect(try complete(["--list", "hardware", "ch"]) == ["check"])
    #expect(try complete(["--quiet", "check", ""]) == ["Milk"])
  }

  @Test func completionReadsTheDatabaseTheWordsNameAndNeverCreatesOne() throws {
    let shoplist = try Shoplist()
    let other = shoplist.folder.appendingPathComponent("other.sqlite").path
    try shoplist.ok("add", "Paint", "--db", other)
    try shoplist.ok("add", "Pears")

    // The entry point the bash, zsh and fish scripts all call.
    func entry(_ words: [String]) throws -> String {
      try shoplist.run(
        arguments: ["---completion", "toggle", "--", "positional@0", String(words.count), "1"]
          + ["shoplist"] + words
      ).stdout
    }
    #expect(try entry(["toggle", "--db", other, "P"]) == "Paint\n")
    #expect(try entry(["toggle", "P"]) == "Pears\n")

    let missing = shoplist.folder.appendingPathComponent("missing.sqlite").path
    #expect(try entry(["toggle", "--db", missing, "P"]).allSatisfy(\.isWhitespace))
    #expect(!FileManager.default.fileExists(atPath: missing))

    for shell in ["zsh", "fish"] {
      let script = try shoplist.ok("--generate-completion-script", shell).stdout
      #expect(script.contains("---completion toggle -- positional@0"), "\(shell)")
    }
  }
}
