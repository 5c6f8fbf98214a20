import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct RemoveCommandTests {
  func groceries() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs", "Bread", "Tea")
    return shoplist
  }

  @Test func severalItemsAreRemovedByNameAndNumber() throws {
    let shoplist = try groceries()

    let result = shoplist.run("remove", "milk", "3")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "removed Milk, Bread from shopping\n")
    #expect(try shoplist.names() == ["Eggs", "Tea"])
  }

  @Test func rmIsTheSameCommand() throws {
    let shoplist = try groceries()

    let result = shoplist.run("rm", "tea")

    #expect(result.stdout == "removed Tea from shopping\n")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func numbersReferToTheListBeforeTheRemoval() throws {
    let shoplist = try groceries()

    let result = shoplist.run("rm", "1", "2")

    #expect(result.stdout == "removed Milk, Eggs from shopping\n")
    #expect(try shoplist.names() == ["Bread", "Tea"])
  }

  @Test func anUnknownItemIsExit65AndRemovesNothing() throws {
    let shoplist = try groceries()

    let result = shoplist.run("remove", "milk", "jam")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"jam\" in list \"shopping\"\n")
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread", "Tea"])
  }

  @Test func jsonPrintsTheListDocumentAfterTheRemoval() throws {
    let shoplist = try groceries()

    let result = shoplist.run("rm", "milk", "eggs", "bread", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON("shopping", [InProcess.itemJSON(id: 5, position: 1, name: "Tea")])
    )
  }

  @Test func quietPrintsNothing() throws {
    let shoplist = try groceries()

    let result = shoplist.run("rm", "milk", "--quiet")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.names() == ["Eggs", "Bread", "Tea"])
  }

  @Test func withoutAReferenceIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("rm")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
