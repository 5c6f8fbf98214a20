import Foundation
import ShoplistTestTraits
import Testing

/// `add` with quantity phrases (the contract's "Everyday use" and "Quantity phrases"), through
/// the built binary.
@Suite(.offThePool) struct AddPhraseTests {
  /// Each item's name, quantity and unit as `list --json` shows them.
  static func amounts(_ shoplist: Shoplist, list: String? = nil) throws -> [String] {
    var arguments = ["list", "--json"]
    if let list { arguments += ["-l", list] }
    let items = try shoplist.run(arguments: arguments).json()["items"] as? [[String: Any]] ?? []
    return items.map { item in
      let quantity = (item["quantity"] as? NSNumber)?.stringValue ?? "?"
      let unit = item["unit"] as? String
      return "\(item["name"] as? String ?? "?") \(quantity)" + (unit.map { " \($0)" } ?? "")
    }
  }

  @Test func namesCarryTheirQuantityAndUnit() throws {
    let shoplist = try Shoplist()

    let added = try shoplist.run("add", "2 l milk", "eggs x12", "500g greek yoghurt", "½ l cream")

    #expect(added.status == 0, "\(added)")
    #expect(
      added.stdout
        == """
        added milk (2 l) to shopping
        added eggs (12) to shopping
        added greek yoghurt (500 g) to shopping
        added cream (0.5 l) to shopping

        """)
    #expect(
      try Self.amounts(shoplist) == [
        "milk 2 l", "eggs 12", "greek yoghurt 500 g", "cream 0.5 l",
      ])
  }

  @Test func anXAsAWordAfterANumberIsACount() throws {
    let shoplist = try Shoplist()

    let added = try shoplist.run("add", "2 x pizza", "3 × frozen peas")

    #expect(added.status == 0, "\(added)")
    #expect(added.stdout == "added pizza (2) to shopping\nadded frozen peas (3) to shopping\n")
    #expect(try Self.amounts(shoplist) == ["pizza 2", "frozen peas 3"])
  }

  @Test func digitsThatAreNotAQuantityStayInTheName() throws {
    let shoplist = try Shoplist()

    try shoplist.ok("add", "7up", "Item 2", "Route 66 sauce", "3 musketeers bar")

    #expect(
      try Self.amounts(shoplist) == [
        "7up 1", "Item 2 1", "Route 66 sauce 1", "musketeers bar 3",
      ])
  }

  @Test func aPhraseOnAnItemThereSetsItsAmount() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--quantity", "1", "--unit", "l", "--note", "oat")
    try shoplist.ok("check", "milk")

    let again = try shoplist.run("add", "milk 2 l")

    // The name as last written, as ever.
    #expect(again.stdout == "updated milk (2 l) on shopping\n")
    let item = try #require(
      (try shoplist.run("list", "--json").json()["items"] as? [[String: Any]])?.first)
    #expect(item["checked"] as? Bool == false)
    #expect(item["note"] as? String == "oat")
    #expect(try Self.amounts(shoplist) == ["milk 2 l"])
  }

  @Test(arguments: [
    (["milk", "2"], #"shoplist: "2" is a quantity, not an item; did you mean: add "2 milk"?"#),
    (["2", "milk"], #"shoplist: "2" is a quantity, not an item; did you mean: add "2 milk"?"#),
    (
      ["2", "l", "milk"],
      #"shoplist: "2" is a quantity, not an item; did you mean: add "2 l milk"?"#
    ),
    (
      ["milk", "2", "l"],
      #"shoplist: "2" is a quantity, not an item; did you mean: add "2 l milk"?"#
    ),
    (["2 l"], #"shoplist: "2 l" is a quantity, not an item"#),
    (
      ["eggs", "x12"], #"shoplist: "x12" is a quantity, not an item; did you mean: add "x12 eggs"?"#
    ),
  ])
  func aNameThatIsOnlyAQuantityAddsNothing(names: [String], message: String) throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "bread")
    let before = try shoplist.dump()

    let result = try shoplist.run(arguments: ["add"] + names)

    #expect(result.status == 65)
    #expect(result.stderr == message + "\n")
    #expect(result.stdout == "")
    #expect(try shoplist.dump() == before)
  }

  @Test func exactOrAGivenQuantityOrUnitTakesNamesAsWritten() throws {
    let shoplist = try Shoplist()

    try shoplist.ok("add", "--exact", "3 musketeers bar", "2 l")
    try shoplist.ok("add", "6 pack cola", "--quantity", "2")
    try shoplist.ok("add", "2 l milk", "--unit", "bottle")

    #expect(
      try Self.amounts(shoplist) == [
        "3 musketeers bar 1", "2 l 1", "6 pack cola 2", "2 l milk 1 bottle",
      ])
    let help = try shoplist.run("add", "--help")
    #expect(help.stdout.contains("--exact"))
  }
}
