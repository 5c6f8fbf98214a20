import Foundation
import IdentifiedCollections

@testable import ShoppingCore

/// The fixed moment every test runs at.
let now = Date(timeIntervalSince1970: 1_795_000_000)
/// A moment before the tests, when the fixtures' items were added.
let earlier = Date(timeIntervalSince1970: 1_794_000_000)

/// Ids counting up from 1, and `now` as the time.
func environment() -> ShoppingEnvironment {
  .deterministic(now: now)
}

/// An id from the fixtures' own range, so it never collides with the environment's.
func fixtureID(_ n: UInt64) -> UUID {
  UUID(counting: 1_000 + n)
}

func product(
  _ n: UInt64, _ name: String, checked: Bool = false, quantity: Quantity = .one,
  unit: String? = nil, category: String? = nil
) -> Product {
  Product(
    id: fixtureID(n), name: name, isChecked: checked, quantity: quantity, unit: unit,
    category: category, addedAt: earlier.addingTimeInterval(Double(n))
  )
}

func list(_ name: String, id: UInt64 = 900, _ products: [Product] = []) -> ShoppingList {
  ShoppingList(
    id: fixtureID(id), name: name, createdAt: earlier,
    products: IdentifiedArray(uniqueElements: products)
  )
}

let milk = product(1, "Milk", quantity: 2, unit: "l", category: "dairy")
let eggs = product(2, "Eggs", checked: true, quantity: 12, category: "dairy")
let bread = product(3, "Bread", category: "bakery")

/// The list most tests start from: Milk, Eggs (checked), Bread.
func groceries() -> ShoppingList {
  list("shopping", [milk, eggs, bread])
}

extension Product {
  /// This product as changed at `now`.
  func with(_ change: (inout Product) -> Void) -> Product {
    var copy = self
    change(&copy)
    copy.updatedAt = now
    return copy
  }

  /// This product with `updatedAt` `microseconds` later: a change made again within the
  /// second.
  func movedOn(microseconds: Int64) -> Product {
    var copy = self
    copy.updatedAt = updatedAt.movedOn(microseconds: microseconds)
    return copy
  }
}

extension Date {
  /// This time `microseconds` later, as ``ShoppingCore/Timestamp`` counts them.
  func movedOn(microseconds: Int64) -> Date {
    Timestamp.date(microseconds: Timestamp.microseconds(of: self) + microseconds)
  }
}
