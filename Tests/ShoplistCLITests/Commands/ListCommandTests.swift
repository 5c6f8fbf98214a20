import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct ListCommandTests {
  /// Milk (2 l, dairy), Cheese (dairy, checked), Bread (with a note).
  func groceries() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--quantity", "2", "--unit", "l", "--category", "dairy")
    try shoplist.ok("add", "Cheese", "--category", "Dairy")
    try shoplist.ok("add", "Bread", "--note", "sliced")
    try shoplist.ok("check", "cheese")
    return shoplist
  }

  @Test func aFreshDatabaseHasTheEmptyDefaultList() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("list")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "shopping · empty\n  (add items with: shoplist add NAME)\n")
    #expect(try shoplist.listNames() == ["shopping"])
  }

  @Test func aFreshDatabasesDefaultListIsAnEmptyDocument() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("list", "--json")

    #expect(result.stdout == "{\"list\": \"shopping\", \"items\": []}\n")
  }

  @Test func aLongListsDocumentIsWrittenAsItIsReadAndComesOutWhole() throws {
    let shoplist = try InProcess()
    let names = (1...1_500).map { "item \($0) with a name long enough to fill the lines" }
    try shoplist.ok(arguments: ["add"] + names)

    let result = shoplist.run("list", "--json")

    #expect(result.status == 0)
    #expect(result.stdoutWrites > 3, "written 64 KiB at a time, not held whole")
    let items = try result.json()["items"] as? [[String: Any]] ?? []
    #expect(items.compactMap { $0["name"] as? String } == names)
    #expect(items.compactMap { $0["position"] as? Int } == Array(1...1_500))
    #expect(result.stdout.hasSuffix("}]}\n"))
  }

  @Test func theTableShowsEveryItemWithItsNumberStateAndFields() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list")

    #expect(
      result.stdout == """
        shopping · 3 items, 1 checked
          1  [ ] Milk    2 l  dairy
          2  [x] Cheese       Dairy
          3  [ ] Bread               sliced

        """
    )
  }

  @Test func lsIsTheSameCommand() throws {
    let shoplist = try groceries()

    #expect(shoplist.run("ls").stdout == shoplist.run("list").stdout)
  }

  @Test func checkedShowsOnlyCheckedItemsWithTheirNumbers() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--checked")

    #expect(
      result.stdout
        == "shopping · 3 items, 1 checked · showing checked\n  2  [x] Cheese  Dairy\n"
    )
  }

  @Test func uncheckedShowsOnlyUncheckedItems() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--unchecked", "--json")

    #expect(try result.json()["items"].map { ($0 as? [[String: Any]])?.count } == 2)
    #expect(result.stdout.contains("\"Milk\""))
    #expect(result.stdout.contains("\"Bread\""))
    #expect(!result.stdout.contains("\"Cheese\""))
  }

  @Test func categoryShowsThatCategoryInAnyCase() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--category", "DAIRY")

    #expect(
      result.stdout == """
        shopping · 3 items, 1 checked · showing category DAIRY
          1  [ ] Milk    2 l  dairy
          2  [x] Cheese       Dairy

        """
    )
  }

  @Test func aFilterMatchingNothingSaysSo() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--category", "bakery")

    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("\n  (no items match)\n"), "\(result)")
  }

  @Test func checkedAndUncheckedTogetherAreExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--checked", "--unchecked")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }

  @Test func jsonIsTheListDocumentWithEveryField() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(
              id: 2, position: 1, name: "Milk", quantity: "2", unit: "l", category: "dairy"),
            InProcess.itemJSON(
              id: 3, position: 2, name: "Cheese", checked: true, category: "Dairy",
              updatedAt: InProcess.changedAgainText),
            InProcess.itemJSON(id: 4, position: 3, name: "Bread", note: "sliced"),
          ]
        )
    )
  }

  @Test func jsonWithAFilterKeepsThePositionsInTheList() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--checked", "--json")

    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(
              id: 3, position: 2, name: "Cheese", checked: true, category: "Dairy",
              updatedAt: InProcess.changedAgainText)
          ]
        )
    )
  }

  @Test func timestampsFollowTheClock() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")
    shoplist.advanceClock(by: 90)
    try shoplist.ok("check", "milk")

    let item = try #require(try shoplist.items().first)

    #expect(item["addedAt"] as? String == "2026-11-18T11:06:40Z")
    #expect(item["updatedAt"] as? String == "2026-11-18T11:08:10Z")
  }

  @Test func aListThatDoesNotExistIsExit65AndIsNotCreated() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--list", "nope")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: no list \"nope\"\n")
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.listNames() == ["shopping"])
  }

  @Test func quietPrintsNothing() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "--quiet", "--json")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }

  @Test func anArgumentIsExit64() throws {
    let shoplist = try groceries()

    let result = shoplist.run("list", "milk")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
