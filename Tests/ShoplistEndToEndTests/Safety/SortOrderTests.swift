import Foundation
import ShoplistTestTraits
import Testing

/// `sort` orders as people read: numbers by value, case and accents ignored, ties kept.
@Suite(.offThePool) struct SortOrderTests {
  @Test func byNameComparesNumbersByValueAndIgnoresCaseAndAccents() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Zucchini", "Item 10", "éclair", "Item 2", "apple", "Eggs", "item 1")

    try shoplist.ok("sort", "--by", "name")

    #expect(
      try shoplist.names() == [
        "apple", "éclair", "Eggs", "item 1", "Item 2", "Item 10", "Zucchini",
      ]
    )
  }

  @Test func tiesKeepTheirCurrentOrder() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "b", "a2", "c", "A02")
    try shoplist.ok("sort", "--by", "name")
    // "a2" and "A02" compare equal: the one listed first stays first.
    #expect(try shoplist.names() == ["a2", "A02", "b", "c"])
  }

  @Test func byAddedIsStableForItemsOfTheSameSecond() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "c", "b", "a")
    try shoplist.ok("move", "a", "1")
    try shoplist.ok("sort", "--by", "added")
    #expect(try shoplist.names() == ["a", "c", "b"])
  }
}
