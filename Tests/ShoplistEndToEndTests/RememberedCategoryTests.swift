import Foundation
import ShoplistTestTraits
import Testing

/// The contract's "Categories are remembered" through the built binary: the category an item's
/// name last had on any list, `--category ""` for none, an item on the list keeping its own.
extension EverydayUseEndToEndTests {
  @Test func aNewItemGetsTheCategoryItsNameLastHadOnAnyList() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("check", "Milk")
    try shoplist.ok("clear")

    let phrase = try shoplist.ok("add", "2 l milk", "--json").stdout
    #expect(
      phrase.contains(
        #""name": "milk", "checked": false, "quantity": 2, "unit": "l", "#
          + #""category": "dairy""#), "\(phrase)")
    // On another list, from the item on this one.
    let other = try shoplist.ok("add", "MILK", "-l", "weekend", "--json").stdout
    #expect(other.contains(#""category": "dairy""#), "\(other)")

    // Asked for none: none.
    try shoplist.ok("add", "Bread", "--category", "bakery")
    try shoplist.ok("remove", "Bread")
    let none = try shoplist.ok("add", "bread", "--category", "", "--json").stdout
    #expect(
      none.contains(
        #""name": "bread", "checked": false, "quantity": 1, "unit": null, "#
          + #""category": null"#), "\(none)")

    // An item already on the list keeps its own.
    try shoplist.ok("add", "bread")
    let kept = try shoplist.ok("list", "--json").stdout
    #expect(
      kept.contains(
        #""name": "bread", "checked": false, "quantity": 1, "unit": null, "#
          + #""category": null"#), "\(kept)")
  }

  @Test func anAddGivenARememberedCategoryIsUndoneWhole() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Eggs", "--category", "dairy")
    try shoplist.ok("remove", "Eggs")
    let before = try shoplist.ok("list", "--json").stdout

    try shoplist.ok("add", "eggs")
    try shoplist.ok("undo")

    #expect(try shoplist.ok("list", "--json").stdout == before)
  }
}
