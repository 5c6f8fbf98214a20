import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct SortCommandTests {
  @Test func byNameIgnoresCaseAndAccentsAndReadsNumbersAsNumbers() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Item 10", "éclair", "item 2", "Apples", "Eggs")

    let result = shoplist.run("sort", "--by", "name")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "sorted shopping by name\n")
    #expect(try shoplist.names() == ["Apples", "éclair", "Eggs", "item 2", "Item 10"])
  }

  @Test func byCategoryGroupsTheCategoriesAndKeepsTheOrderWithinOne() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("add", "Bread", "--category", "bakery")
    try shoplist.ok("add", "Cheese", "--category", "dairy")
    try shoplist.ok("add", "Rolls", "--category", "bakery")

    let result = shoplist.run("sort", "--by", "category")

    #expect(result.stdout == "sorted shopping by category\n")
    #expect(try shoplist.names() == ["Bread", "Rolls", "Milk", "Cheese"])
  }

  @Test func byCheckedPutsTheUncheckedItemsFirst() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs", "Bread", "Tea")
    try shoplist.ok("check", "milk", "bread")

    let result = shoplist.run("sort", "--by", "checked")

    #expect(result.stdout == "sorted shopping by checked\n")
    #expect(try shoplist.names() == ["Eggs", "Tea", "Milk", "Bread"])
  }

  @Test func byAddedRestoresTheOrderTheItemsWereAddedIn() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")
    shoplist.advanceClock(by: 60)
    try shoplist.ok("add", "Eggs")
    shoplist.advanceClock(by: 60)
    try shoplist.ok("add", "Bread")
    try shoplist.ok("move", "bread", "1")
    try shoplist.ok("move", "milk", "3")

    let result = shoplist.run("sort", "--by", "added")

    #expect(result.stdout == "sorted shopping by added\n")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func byAddedKeepsTheCurrentOrderOfItemsAddedAtOnce() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs", "Bread")
    try shoplist.ok("move", "bread", "1")

    try shoplist.ok("sort", "--by", "added")

    #expect(try shoplist.names() == ["Bread", "Milk", "Eggs"])
  }

  @Test func anUnknownOrderIsExit64AndChangesNothing() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Bread")

    let result = shoplist.run("sort", "--by", "price")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(try shoplist.names() == ["Milk", "Bread"])
  }

  @Test func withoutAnOrderIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("sort")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func aListThatDoesNotExistIsExit65() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("sort", "--by", "name", "--list", "nope")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
  }
}
