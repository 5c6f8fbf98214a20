import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ItemCommandTests {
  @Test func addConfirmsAndListShowsTheItem() throws {
    let shoplist = try Shoplist()
    let added = try shoplist.ok(
      "add", "Milk", "--quantity", "2", "--unit", "l", "--category", "dairy")
    #expect(added.stdout == "added Milk (2 l) to shopping\n")

    let listed = try shoplist.ok("list")
    #expect(listed.stdout == "shopping · 1 item, 0 checked\n  1  [ ] Milk  2 l  dairy\n")
  }

  @Test func addOfAnItemAlreadyThereUnchecksAndUpdatesIt() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    try shoplist.ok("check", "milk")
    let again = try shoplist.ok("add", "MILK", "--quantity", "3")
    #expect(again.stdout == "updated MILK (3) on shopping\n")
    let same = try shoplist.ok("add", "MILK", "--quantity", "3")
    #expect(same.stdout == "MILK (3) is already on shopping\n")

    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]]
    #expect(items?.count == 1)
    #expect(items?.first?["name"] as? String == "MILK")
    #expect(items?.first?["checked"] as? Bool == false)
    #expect(items?.first?["quantity"] as? Int == 3)
  }

  @Test func addTakesSeveralNames() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.ok("add", "Milk", "Eggs", "Bread")
    #expect(
      result.stdout == "added Milk to shopping\nadded Eggs to shopping\nadded Bread to shopping\n")
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func toggleCheckAndUncheck() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Eggs")
    #expect(try shoplist.ok("toggle", "milk").stdout == "checked Milk\n")
    #expect(try shoplist.ok("toggle", "milk").stdout == "unchecked Milk\n")
    #expect(try shoplist.ok("check", "1", "2").stdout == "checked Milk\nchecked Eggs\n")
    #expect(try shoplist.ok("check", "eggs").stdout == "Eggs is already checked\n")
    #expect(try shoplist.ok("uncheck", "eggs").stdout == "unchecked Eggs\n")
    #expect(try shoplist.ok("uncheck", "eggs").stdout == "Eggs is already unchecked\n")
  }

  @Test func renameAndEdit() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--unit", "l", "--note", "organic")
    #expect(try shoplist.ok("rename", "milk", "Oat  milk").stdout == "renamed Milk to Oat milk\n")
    let edited = try shoplist.ok("edit", "oat", "--quantity", "0.5", "--unit", "", "--note", "")
    #expect(edited.stdout == "edited Oat milk (0.5)\n")
    let item = try #require(
      (try shoplist.run("list", "--json").json()["items"] as? [[String: Any]])?.first)
    #expect(item["unit"] is NSNull)
    #expect(item["note"] is NSNull)
    #expect((item["quantity"] as? NSNumber)?.doubleValue == 0.5)
    let renamed = try shoplist.ok("edit", "1", "--name", "Milk")
    #expect(renamed.stdout == "edited Milk (0.5)\n")
  }

  @Test func removeAndItsAlias() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Eggs", "Bread", "Tea")
    #expect(try shoplist.ok("remove", "milk", "3").stdout == "removed Milk, Bread from shopping\n")
    #expect(try shoplist.ok("rm", "tea").stdout == "removed Tea from shopping\n")
    #expect(try shoplist.names() == ["Eggs"])
  }

  @Test func clearRemovesCheckedAndResetUnchecks() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Eggs", "Bread")
    try shoplist.ok("check", "milk", "bread")
    #expect(try shoplist.ok("reset").stdout == "unchecked 2 items in shopping\n")
    try shoplist.ok("check", "eggs")
    #expect(try shoplist.ok("clear").stdout == "cleared 1 checked item from shopping\n")
    #expect(try shoplist.names() == ["Milk", "Bread"])
  }

  @Test func moveAndSortReorderForGood() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "Eggs", "bread")
    try shoplist.ok("add", "Apples", "--category", "fruit")
    #expect(try shoplist.ok("move", "bread", "1").stdout == "moved bread to position 1\n")
    #expect(try shoplist.names() == ["bread", "milk", "Eggs", "Apples"])
    try shoplist.ok("move", "bread", "99")
    #expect(try shoplist.names() == ["milk", "Eggs", "Apples", "bread"])
    #expect(try shoplist.ok("sort", "--by", "name").stdout == "sorted shopping by name\n")
    #expect(try shoplist.names() == ["Apples", "bread", "Eggs", "milk"])
    try shoplist.ok("check", "eggs")
    try shoplist.ok("sort", "--by", "checked")
    #expect(try shoplist.names() == ["Apples", "bread", "milk", "Eggs"])
    try shoplist.ok("sort", "--by", "category")
    #expect(try shoplist.names() == ["Apples", "bread", "milk", "Eggs"])
    // The items were added within a second or two: the expected order is the current one,
    // stably sorted by the addedAt the list reports.
    let before = try #require(
      try shoplist.run("list", "--json").json()["items"] as? [[String: Any]])
    let expected = before.enumerated()
      .sorted { lhs, rhs in
        let (left, right) = (
          lhs.element["addedAt"] as? String ?? "", rhs.element["addedAt"] as? String ?? ""
        )
        return left != right ? left < right : lhs.offset < rhs.offset
      }
      .compactMap { $0.element["name"] as? String }
    try shoplist.ok("sort", "--by", "added")
    #expect(try shoplist.names() == expected)
  }

  @Test func listFiltersKeepTheItemNumbers() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Cheese", "--category", "dairy")
    try shoplist.ok("add", "Bread")
    try shoplist.ok("check", "cheese")
    let checked = try shoplist.ok("ls", "--checked")
    #expect(checked.stdout.contains("  2  [x] Cheese"))
    #expect(!checked.stdout.contains("Milk"))
    #expect(try shoplist.run("list", "--unchecked", "--json").itemNames() == ["Milk", "Bread"])
    #expect(
      try shoplist.run("list", "--category", "DAIRY", "--json").itemNames() == ["Milk", "Cheese"])
    let positions =
      try shoplist.run("list", "--checked", "--json").json()["items"] as? [[String: Any]]
    #expect(positions?.first?["position"] as? Int == 2)
  }

  @Test func listOnAFreshDatabaseShowsTheEmptyDefaultList() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.ok("list")
    #expect(result.stdout.hasPrefix("shopping · empty\n"))
    #expect(
      try shoplist.run("list", "--json").stdout == "{\"list\": \"shopping\", \"items\": []}\n")
  }

  @Test func quietPrintsNothingOnSuccess() throws {
    let shoplist = try Shoplist()
    #expect(try shoplist.ok("add", "Milk", "-q").stdout == "")
    #expect(try shoplist.ok("--quiet", "toggle", "milk").stdout == "")
    #expect(try shoplist.ok("list", "--quiet").stdout == "")
    #expect(try shoplist.ok("list", "--quiet", "--json").stdout == "")
  }
}
