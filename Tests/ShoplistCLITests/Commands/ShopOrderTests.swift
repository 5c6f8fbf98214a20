import Foundation
import Testing

@testable import ShoplistCLI

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

  @Test func listByAisleWithNoShopOrderSaysItIsByCategoryOnly() throws {
    let shoplist = try stocked()

    let result = try shoplist.ok("list", "--by-aisle")

    #expect(
      result.stdout.hasPrefix(
        """
        shopping · 6 items, 0 checked · by category, no shop order set
        bakery
          5  [ ] Bread

        """), "\(result)")
    #expect(!result.stdout.contains("in shop order"))
  }

  @Test func undoPutsTheEarlierShopOrderBack() throws {
    let shoplist = try stocked()
    try shoplist.ok("aisles", "produce", "dairy")
    try shoplist.ok("aisles", "bakery")

    try shoplist.ok("undo")

    #expect(try shoplist.ok("aisles").stdout == "shop order: produce → dairy\n")
  }
}
