import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct EditCommandTests {
  /// Milk (1 l, dairy, "organic"), then Bread.
  func groceries() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--unit", "l", "--category", "dairy", "--note", "organic")
    try shoplist.ok("add", "Bread")
    return shoplist
  }

  @Test func theGivenFieldsChangeAndTheOthersStay() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "milk", "--quantity", "2", "--note", "skimmed")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "edited Milk (2 l)\n")
    let item = try #require(try shoplist.items().first)
    #expect(item["quantity"] as? Int == 2)
    #expect(item["unit"] as? String == "l")
    #expect(item["category"] as? String == "dairy")
    #expect(item["note"] as? String == "skimmed")
  }

  @Test func anEmptyValueClearsAField() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "1", "--unit", "", "--category", "", "--note", "")

    #expect(result.stdout == "edited Milk\n")
    let item = try #require(try shoplist.items().first)
    #expect(item["unit"] is NSNull)
    #expect(item["category"] is NSNull)
    #expect(item["note"] is NSNull)
  }

  @Test func nameRenamesTheItem() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "milk", "--name", "Oat milk")

    #expect(result.stdout == "edited Oat milk (1 l)\n")
    #expect(try shoplist.names() == ["Oat milk", "Bread"])
  }

  @Test func nameOntoAnotherItemsNameIsExit65AndChangesNothing() throws {
    let shoplist = try groceries()
    let before = try shoplist.snapshot()

    let result = shoplist.run("edit", "milk", "--name", "bread", "--quantity", "3")

    #expect(result.status == 65)
    #expect(
      result.stderr == "shoplist: an item named \"Bread\" is already in list \"shopping\"\n"
    )
    #expect(try shoplist.snapshot() == before)
  }

  @Test func sameValuesSayTheItemIsUnchanged() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "milk", "--unit", "l")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Milk (1 l) is unchanged\n")
  }

  @Test func nothingToChangeIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "milk")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains("nothing to change"))
  }

  @Test func anInvalidQuantityIsExit65AndChangesNothing() throws {
    let shoplist = try groceries()
    let before = try shoplist.snapshot()

    let result = shoplist.run("edit", "milk", "--quantity", "0", "--note", "x")

    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("shoplist: invalid quantity \"0\""))
    #expect(try shoplist.snapshot() == before)
  }

  @Test func aFieldLongerThan200CharactersIsExit65() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "milk", "--note", String(repeating: "n", count: 201))

    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("shoplist: invalid note"), "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func anUnknownItemIsExit65() throws {
    let shoplist = try groceries()

    let result = shoplist.run("edit", "tea", "--quantity", "2")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"tea\" in list \"shopping\"\n")
  }

  @Test func jsonPrintsTheListDocumentAfterTheChange() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("edit", "milk", "--unit", "l", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(
              id: 2, position: 1, name: "Milk", unit: "l", updatedAt: InProcess.changedAgainText)
          ]
        )
    )
  }
}
