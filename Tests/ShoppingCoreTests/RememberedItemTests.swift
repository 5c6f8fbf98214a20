import Foundation
import ShoppingCore
import Testing

/// Merging what the household has had into one item per name, and choosing the category a new
/// item is given.
@Suite struct RememberedItemTests {
  static let monday = Date(timeIntervalSince1970: 1_795_000_000)
  static let tuesday = monday.addingTimeInterval(86_400)

  @Test func oneItemPerNameWithTimesSummedAndTheNewestFields() {
    let items = [
      RememberedItem(name: "Milk", category: "dairy", times: 2, updatedAt: Self.monday),
      RememberedItem(name: "MILK", unit: "l", category: "fridge", updatedAt: Self.tuesday),
      RememberedItem(name: "Bread", times: 3, updatedAt: Self.monday),
      RememberedItem(name: "Eggs", updatedAt: Self.tuesday),
      RememberedItem(name: "apples", updatedAt: Self.tuesday),
    ]

    let merged = RememberedItem.merged(items)

    #expect(merged.map(\.name) == ["MILK", "Bread", "apples", "Eggs"])
    #expect(merged.map(\.times) == [3, 3, 1, 1])
    #expect(merged.first?.category == "fridge")
    #expect(merged.first?.unit == "l")
  }

  @Test func onATieTheFirstGivenKeepsItsFields() {
    let first = RememberedItem(name: "Tea", category: "hot", updatedAt: Self.monday)
    let second = RememberedItem(name: "tea", updatedAt: Self.monday)
    #expect(
      first.adding(second)
        == RememberedItem(
          name: "Tea", category: "hot", times: 2, updatedAt: Self.monday))
  }

  @Test(
    arguments: [
      // (what the household had, the category a new "milk" gets)
      ([("Milk", "dairy", 0)], "dairy"),
      ([("Milk", "dairy", 0), ("milk", "fridge", 1)], "fridge"),
      ([("Milk", "dairy", 1), ("milk", "fridge", 0)], "dairy"),
      // The most recent had none: none.
      ([("Milk", "dairy", 0), ("MILK", nil, 1)], nil),
      // Other names do not count.
      ([("Oat milk", "dairy", 0)], nil),
      ([], nil),
    ] as [([(String, String?, Int)], String?)])
  func aNewItemGetsTheCategoryOfTheMostRecentlyChangedOfItsName(
    had: [(String, String?, Int)], expected: String?
  ) {
    let items = had.map { name, category, day in
      RememberedItem(
        name: name, category: category,
        updatedAt: Self.monday.addingTimeInterval(
          Double(day) * 86_400))
    }
    #expect(RememberedItem.category(of: NameKey(lookingUp: "milk"), among: items) == expected)
  }
}
