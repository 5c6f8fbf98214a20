import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct RenameCommandTests {
  @Test func anItemIsRenamedAndKeepsItsPlaceAndFields() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--quantity", "2")
    try shoplist.ok("add", "Bread")

    let result = shoplist.run("rename", "milk", "Oat  milk")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "renamed Milk to Oat milk\n")
    let first = try #require(try shoplist.items().first)
    #expect(first["name"] as? String == "Oat milk")
    #expect(first["quantity"] as? Int == 2)
    #expect(first["id"] as? String == InProcess.id(2))
  }

  @Test func theItemMayBeGivenByNumber() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Bread")

    let result = shoplist.run("rename", "2", "Rye bread")

    #expect(result.stdout == "renamed Bread to Rye bread\n")
    #expect(try shoplist.names() == ["Milk", "Rye bread"])
  }

  @Test func renamingOntoAnotherItemsNameIsExit65AndChangesNothing() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Bread")

    let result = shoplist.run("rename", "milk", "BREAD")

    #expect(result.status == 65)
    #expect(
      result.stderr == "shoplist: an item named \"Bread\" is already in list \"shopping\"\n"
    )
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.names() == ["Milk", "Bread"])
  }

  @Test func renamingToTheSameNameSaysSo() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("rename", "milk", "Milk")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Milk is already named so\n")
  }

  @Test func aChangeOfCaseOnlyIsARename() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk")

    let result = shoplist.run("rename", "milk", "MILK")

    #expect(result.stdout == "renamed milk to MILK\n")
    #expect(try shoplist.names() == ["MILK"])
  }

  @Test func anInvalidNewNameIsExit65() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("rename", "milk", " ")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: invalid name \" \": it is empty\n")
    #expect(try shoplist.names() == ["Milk"])
  }

  @Test func anUnknownItemIsExit65() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("rename", "tea", "Green tea")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"tea\" in list \"shopping\"\n")
  }

  @Test func withoutTheNewNameIsExit64() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("rename", "milk")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
