import Foundation
import Testing

@testable import ShoplistCLI

/// `toggle`, `check` and `uncheck`, and how they find the items they are given.
@Suite struct MarkingCommandTests {
  /// Milk, Milk chocolate, Eggs, Bread.
  func groceries() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Milk chocolate", "Eggs", "Bread")
    return shoplist
  }

  func checked(_ shoplist: InProcess) throws -> [String] {
    try shoplist.items().filter { $0["checked"] as? Bool == true }
      .compactMap { $0["name"] as? String }
  }

  @Test func toggleChecksAnUncheckedItem() throws {
    let shoplist = try groceries()

    let result = shoplist.run("toggle", "eggs")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "checked Eggs\n")
    #expect(try checked(shoplist) == ["Eggs"])
  }

  @Test func toggleUnchecksACheckedItem() throws {
    let shoplist = try groceries()
    try shoplist.ok("check", "eggs")

    let result = shoplist.run("toggle", "eggs")

    #expect(result.stdout == "unchecked Eggs\n")
    #expect(try checked(shoplist).isEmpty)
  }

  @Test func toggleFlipsEachOfSeveralItemsOnItsOwn() throws {
    let shoplist = try groceries()
    try shoplist.ok("check", "eggs")

    let result = shoplist.run("toggle", "eggs", "bread")

    #expect(result.stdout == "unchecked Eggs\nchecked Bread\n")
    #expect(try checked(shoplist) == ["Bread"])
  }

  @Test func aReferenceMayBeTheItemsNumber() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "4")

    #expect(result.stdout == "checked Bread\n")
  }

  @Test func aReferenceMayBeTheNameInAnyCase() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "MILK")

    #expect(result.stdout == "checked Milk\n")
  }

  @Test func aReferenceMayBeAUniquePrefix() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "milk c")

    #expect(result.stdout == "checked Milk chocolate\n")
  }

  @Test func checkOfACheckedItemSaysSoAndSucceeds() throws {
    let shoplist = try groceries()
    try shoplist.ok("check", "eggs")

    let result = shoplist.run("check", "eggs")

    #expect(result.status == 0)
    #expect(result.stdout == "Eggs is already checked\n")
    #expect(try checked(shoplist) == ["Eggs"])
  }

  @Test func uncheckUnchecksACheckedItem() throws {
    let shoplist = try groceries()
    try shoplist.ok("check", "1", "2")

    let result = shoplist.run("uncheck", "milk")

    #expect(result.stdout == "unchecked Milk\n")
    #expect(try checked(shoplist) == ["Milk chocolate"])
  }

  @Test func uncheckOfAnUncheckedItemSaysSoAndSucceeds() throws {
    let shoplist = try groceries()

    let result = shoplist.run("uncheck", "bread")

    #expect(result.status == 0)
    #expect(result.stdout == "Bread is already unchecked\n")
  }

  @Test(arguments: ["toggle", "check", "uncheck"])
  func anUnknownReferenceIsExit65NamingItAndTheList(command: String) throws {
    let shoplist = try groceries()

    let result = shoplist.run(command, "tea")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"tea\" in list \"shopping\"\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aNumberPastTheEndIsAnUnknownReference() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "9")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"9\" in list \"shopping\"\n")
  }

  @Test func anAmbiguousPrefixIsExit65NamingTheCandidates() throws {
    let shoplist = try groceries()

    let result = shoplist.run("toggle", "mi")

    #expect(result.status == 65)
    #expect(
      result.stderr
        == "shoplist: \"mi\" matches several items in list \"shopping\": "
        + "\"Milk\", \"Milk chocolate\"\n"
    )
    #expect(try checked(shoplist).isEmpty)
  }

  @Test(arguments: ["toggle", "check", "uncheck"])
  func oneBadReferenceChangesNothing(command: String) throws {
    let shoplist = try groceries()
    try shoplist.ok("check", "bread")
    let before = try shoplist.snapshot()

    let result = shoplist.run(command, "milk", "tea", "bread")

    #expect(result.status == 65)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(try shoplist.snapshot() == before)
  }

  @Test func jsonPrintsTheListDocumentAfterTheChange() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("check", "milk", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(
              id: 2, position: 1, name: "Milk", checked: true,
              updatedAt: InProcess.changedAgainText)
          ]
        )
    )
  }

  @Test func anErrorWithJSONLeavesStdoutEmpty() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "tea", "--json")

    #expect(result.status == 65)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func aListThatDoesNotExistIsExit65() throws {
    let shoplist = try groceries()

    let result = shoplist.run("check", "milk", "--list", "nope")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(try shoplist.listNames() == ["shopping"])
  }

  @Test func withoutAReferenceIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("toggle")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
