import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct FindCommandTests {
  func household() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--category", "Dairy")
    try shoplist.ok("add", "Crème fraîche", "--note", "for the soup")
    try shoplist.ok("add", "Oat milk", "-l", "party")
    try shoplist.ok("add", "Soap", "--note", "MILK scent", "-l", "hardware")
    try shoplist.ok("check", "oat", "-l", "party")
    return shoplist
  }

  @Test func findLooksInNamesCategoriesAndNotesOfEveryList() throws {
    let shoplist = try household()

    let result = try shoplist.ok("find", "milk")

    #expect(
      result.stdout == """
        3 items match "milk"
        shopping  1  [ ] Milk  (Dairy)
        party     1  [x] Oat milk
        hardware  1  [ ] Soap  (MILK scent)

        """
    )
  }

  @Test func findIgnoresCaseAndAccents() throws {
    let shoplist = try household()

    #expect(try shoplist.ok("find", "CREME").stdout.contains("Crème fraîche  (for the soup)"))
    #expect(try shoplist.ok("find", "dairy").stdout.contains("Milk"))
    #expect(try shoplist.ok("find", "FRAICHE").stdout.hasPrefix("1 item matches \"FRAICHE\"\n"))
  }

  @Test func oneItemMatchesAndQuantitiesAreShown() throws {
    let shoplist = try household()
    try shoplist.ok("add", "2 l goat milk", "-l", "party")
    try shoplist.ok("add", "goat cheese", "--quantity", "3")

    #expect(
      try shoplist.ok("find", "goat milk").stdout == """
        1 item matches "goat milk"
        party  2  [ ] goat milk  2 l

        """)
    #expect(
      try shoplist.ok("find", "GOAT").stdout == """
        2 items match "GOAT"
        shopping  3  [ ] goat cheese  3
        party     2  [ ] goat milk  2 l

        """)
  }

  @Test func findJSONGivesItemObjectsWithTheirList() throws {
    let shoplist = try household()

    let result = try shoplist.ok("find", "oat", "--json")

    let items = try #require(try result.json()["items"] as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["list"] as? String == "party")
    #expect(items.first?["name"] as? String == "Oat milk")
    #expect(items.first?["position"] as? Int == 1)
    #expect(items.first?["checked"] as? Bool == true)
    #expect(result.stdout.hasPrefix(#"{"items": [{"id": ""#))
  }

  @Test func findingNothingSaysSo() throws {
    let shoplist = try household()

    #expect(try shoplist.ok("find", "bananas").stdout == "no items match \"bananas\"\n")
    #expect(try shoplist.ok("find", "bananas", "--json").stdout == #"{"items": []}"# + "\n")
  }

  @Test func findNeedsText() throws {
    let shoplist = try household()

    let empty = shoplist.run("find", " ")
    #expect(empty.status == 64)
    #expect(empty.stderr.contains("find needs some text"))
    #expect(shoplist.run("find").status == 64)
  }
}
