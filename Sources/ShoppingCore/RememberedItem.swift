import Foundation

/// An item the household has had on a list: kept by storage for each name (compared as names
/// are) once a product of that name leaves its list, so that a new item of the same name is
/// given its category, and the add box can suggest it.
///
/// ```swift
/// let items = RememberedItem.merged(remembered + onOtherLists)  // one per name
/// RememberedItem.category(of: NameKey(lookingUp: "Milk"), among: items)  // "dairy"
/// ```
public struct RememberedItem: Equatable, Sendable {
  /// Its name, as it last was.
  public var name: String
  /// The quantity it last had.
  public var quantity: Quantity
  /// The unit it last had, if any.
  public var unit: String?
  /// The category it last had, if any.
  public var category: String?
  /// How many times a product of this name was on a list: each one that left a list, and
  /// each one on a list now.
  public var times: Int
  /// When it last changed.
  public var updatedAt: Date

  /// An item as remembered.
  public init(
    name: String, quantity: Quantity = .one, unit: String? = nil, category: String? = nil,
    times: Int = 1, updatedAt: Date
  ) {
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.category = category
    self.times = times
    self.updatedAt = updatedAt
  }

  /// `product`, counted once.
  public init(_ product: Product) {
    self.init(
      name: product.name, quantity: product.quantity, unit: product.unit,
      category: product.category, times: 1, updatedAt: product.updatedAt)
  }

  /// The key its name is compared under.
  public var key: NameKey { NameKey(lookingUp: name) }

  /// `self` with `other` of the same name taken in: the times summed, and the fields of the
  /// one changed more recently (`self`'s on a tie).
  public func adding(_ other: RememberedItem) -> RememberedItem {
    var merged = other.updatedAt > updatedAt ? other : self
    merged.times = times + other.times
    return merged
  }

  /// `items` merged by name (see ``adding(_:)``): most often had first, then the most
  /// recently changed, then by name.
  public static func merged(_ items: [RememberedItem]) -> [RememberedItem] {
    var byKey: [NameKey: RememberedItem] = [:]
    for item in items {
      byKey[item.key] = byKey[item.key].map { $0.adding(item) } ?? item
    }
    return byKey.values.sorted { a, b in
      if a.times != b.times { return a.times > b.times }
      if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
      return NaturalOrder.Key(a.name) < NaturalOrder.Key(b.name)
    }
  }

  /// The category a new item whose name has the key `key` is given when none is asked for:
  /// the one the most recently changed of `items` of that name had (`nil` if it had none, or
  /// none is named so).
  public static func category(of key: NameKey, among items: [RememberedItem]) -> String? {
    // A plain loop over an array: a command adding one item runs this, and a generic sequence
    // would have the run time look up its conformances first, a tenth of a millisecond.
    var newest: RememberedItem?
    for item in items where item.key == key {
      if let found = newest, found.updatedAt >= item.updatedAt { continue }
      newest = item
    }
    return newest?.category
  }
}
