import Foundation

/// A list's name and counts, read without loading its products.
public struct ListSummary: Equatable, Sendable {
  /// The list's identity.
  public var id: UUID
  /// The list's name as the user last wrote it.
  public var name: String
  /// When the list was created.
  public var createdAt: Date
  /// How many items the list has.
  public var items: Int
  /// How many of them are checked.
  public var checked: Int
  /// Whether it is the list used when no list is named.
  public var isDefault: Bool
  /// The name of its usual shop, if it names one (see ``Shops/ofList``).
  public var shop: String?

  /// Creates a summary.
  public init(
    id: UUID, name: String, createdAt: Date, items: Int, checked: Int, isDefault: Bool = false,
    shop: String? = nil
  ) {
    self.shop = shop
    self.isDefault = isDefault
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.items = items
    self.checked = checked
  }
}
