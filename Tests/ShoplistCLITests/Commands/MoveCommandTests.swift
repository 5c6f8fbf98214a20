import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct MoveCommandTests {
  func groceries() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs", "Bread")
    return shoplist
  }

  @Test func anItemMovesToTheGivenPosition() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "bread", "1")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "moved Bread to position 1\n")
    #expect(try shoplist.names() == ["Bread", "Milk", "Eggs"])
  }

  @Test func anItemMovesDownTheList() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "1", "2")

    #expect(result.stdout == "moved Milk to position 2\n")
    #expect(try shoplist.names() == ["Eggs", "Milk", "Bread"])
  }

  @Test func aPositionPastTheEndMeansTheEnd() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "milk", "99")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "moved Milk to position 3\n")
    #expect(try shoplist.names() == ["Eggs", "Bread", "Milk"])
  }

  @Test(arguments: ["0", "-1"])
  func aPositionBelowOneIsExit64AndMovesNothing(position: String) throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "milk", position)

    #expect(result.status == 64, "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func aPositionThatIsNotANumberIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "milk", "top")

    #expect(result.status == 64, "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func withoutAPositionIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "milk")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func anUnknownItemIsExit65() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "tea", "1")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"tea\" in list \"shopping\"\n")
  }

  @Test func jsonPrintsTheReorderedList() throws {
    let shoplist = try groceries()

    let result = shoplist.run("move", "eggs", "1", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(id: 3, position: 1, name: "Eggs"),
            InProcess.itemJSON(id: 2, position: 2, name: "Milk"),
            InProcess.itemJSON(id: 4, position: 3, name: "Bread"),
          ]
        )
    )
  }
}
