import Foundation
import Testing

@testable import ShoplistCLI

/// `clear` and `reset`: the basket after shopping, and the list for next week.
@Suite struct ClearResetCommandTests {
  /// Milk, Eggs and Bread, with Milk and Bread checked.
  func afterShopping() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs", "Bread")
    try shoplist.ok("check", "milk", "bread")
    return shoplist
  }

  @Test func clearRemovesEveryCheckedItemAndCountsThem() throws {
    let shoplist = try afterShopping()

    let result = shoplist.run("clear")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "cleared 2 checked items from shopping\n")
    #expect(try shoplist.names() == ["Eggs"])
  }

  @Test func clearOfOneItemCountsItInTheSingular() throws {
    let shoplist = try afterShopping()
    try shoplist.ok("uncheck", "bread")

    let result = shoplist.run("clear")

    #expect(result.stdout == "cleared 1 checked item from shopping\n")
    #expect(try shoplist.names() == ["Eggs", "Bread"])
  }

  @Test func clearWithNothingCheckedRemovesNothing() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("clear")

    #expect(result.status == 0)
    #expect(result.stdout == "cleared 0 checked items from shopping\n")
    #expect(try shoplist.names() == ["Milk"])
  }

  @Test func clearWithJSONPrintsTheListLeft() throws {
    let shoplist = try afterShopping()

    let result = shoplist.run("clear", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON("shopping", [InProcess.itemJSON(id: 3, position: 1, name: "Eggs")])
    )
  }

  @Test func resetUnchecksEveryItemAndCountsThem() throws {
    let shoplist = try afterShopping()

    let result = shoplist.run("reset")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "unchecked 2 items in shopping\n")
    #expect(try shoplist.items().allSatisfy { $0["checked"] as? Bool == false })
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func resetOfOneItemCountsItInTheSingular() throws {
    let shoplist = try afterShopping()
    try shoplist.ok("uncheck", "milk")

    let result = shoplist.run("reset")

    #expect(result.stdout == "unchecked 1 item in shopping\n")
  }

  @Test(arguments: ["clear", "reset"])
  func aListThatDoesNotExistIsExit65(command: String) throws {
    let shoplist = try afterShopping()

    let result = shoplist.run(command, "-l", "nope")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(result.stdout.isEmpty)
  }
}
