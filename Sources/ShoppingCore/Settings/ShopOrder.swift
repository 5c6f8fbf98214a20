/// The order in which categories are met in the shop (its aisles), for ``ProductOrder`` `aisle`
/// sorting and for showing a list under category headings.
///
/// ```swift
/// let order = try ShopOrder(["Produce", "bakery", "Dairy"])
/// order.rank(of: "dairy")  // 2
/// ```
public struct ShopOrder: Equatable, Sendable {
  /// The categories, as the user wrote them, first met first.
  public let categories: [String]
  private let ranks: [NameKey: Int]

  /// No order: every category is ranked by name.
  public static let none = ShopOrder(validated: [])

  /// An order of categories, each cleaned up and checked as a category is.
  ///
  /// - Throws: An invalid category, or ``ShoppingError/duplicateCategory(_:)`` for a category
  ///   given twice (under normalised comparison).
  public init(_ categories: [String]) throws(ShoppingError) {
    var cleaned: [String] = []
    var seen: Set<NameKey> = []
    for raw in categories {
      guard let category = try Naming.text(raw, field: "category") else {
        throw .invalidText(field: "category", value: raw, problem: .empty)
      }
      guard seen.insert(NameKey(lookingUp: category)).inserted else {
        throw .duplicateCategory(category)
      }
      cleaned.append(category)
    }
    self.init(validated: cleaned)
  }

  /// An order read back from storage, already validated.
  public init(validated categories: [String]) {
    self.categories = categories
    var ranks: [NameKey: Int] = [:]
    for (rank, category) in categories.enumerated() {
      // The first place a category is named is its place.
      let key = NameKey(lookingUp: category)
      if ranks[key] == nil { ranks[key] = rank }
    }
    self.ranks = ranks
  }

  /// Where `category` comes in the shop, if the order names it.
  public func rank(of category: String) -> Int? {
    ranks[NameKey(lookingUp: category)]
  }

  /// Whether the order names no category.
  public var isEmpty: Bool { categories.isEmpty }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.categories == rhs.categories
  }

  /// A category's place in the shop.
  public enum Place: Comparable, Sendable {
    /// A category the order names, at this rank.
    case ranked(Int)
    /// A category the order does not name, ordered by name.
    case unranked(NaturalOrder.Key)
    /// No category.
    case none

    /// The place of `category` in `order`.
    public init(_ category: String?, in order: ShopOrder) {
      guard let category else {
        self = .none
        return
      }
      if let rank = order.rank(of: category) {
        self = .ranked(rank)
      } else {
        self = .unranked(NaturalOrder.Key(category))
      }
    }
  }
}
