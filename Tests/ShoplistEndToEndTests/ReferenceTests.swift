import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ReferenceTests {
  func groceries() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Milk chocolate", "Crème fraîche", "Bread")
    return shoplist
  }

  @Test func aReferenceIsAPositionANameOrAUniquePrefix() throws {
    let shoplist = try groceries()
    #expect(try shoplist.ok("check", "4").stdout == "checked Bread\n")
    #expect(try shoplist.ok("check", "MILK").stdout == "checked Milk\n")
    #expect(try shoplist.ok("check", "milk c").stdout == "checked Milk chocolate\n")
  }

  @Test func namesCompareWithoutCaseInAnyScript() throws {
    let shoplist = try groceries()
    #expect(try shoplist.ok("check", "CRÈME FRAÎCHE").stdout == "checked Crème fraîche\n")
    // A decomposed accent is the same name.
    let added = try shoplist.ok("add", "cre\u{300}me  fraîche")
    #expect(added.stdout.hasPrefix("updated "))
    #expect(try shoplist.names().count == 4)
  }

  @Test func anAmbiguousPrefixNamesTheCandidates() throws {
    let shoplist = try groceries()
    let result = try shoplist.run("check", "mi")
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "shoplist: \"mi\" matches several items in list \"shopping\": "
        + "\"Milk\", \"Milk chocolate\"\n"
    )
  }

  @Test func anUnknownReferenceIsExit65() throws {
    let shoplist = try groceries()
    let result = try shoplist.run("toggle", "tea")
    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no item \"tea\" in list \"shopping\"\n")
    #expect(try shoplist.run("toggle", "9").status == 65)
  }

  @Test func oneBadReferenceChangesNothing() throws {
    let shoplist = try groceries()
    let before = try shoplist.run("list", "--json").stdout
    for command in ["check", "toggle", "remove"] {
      let result = try shoplist.run(command, "milk", "tea", "bread")
      #expect(result.status == 65, "\(command)")
      #expect(result.stdout == "")
      #expect(try shoplist.run("list", "--json").stdout == before, "\(command) changed the list")
    }
  }
}
