import Foundation

/// One item of a shopping list.
public struct Product: Identifiable, Equatable, Sendable {
  /// Stable identity, kept across renames, exports and imports.
  public let id: UUID
  /// The name as the user last wrote it (normalised: trimmed, single spaces).
  public var name: String
  /// Whether the item is in the basket.
  public var isChecked: Bool
  /// How much to buy.
  public var quantity: Quantity
  /// The unit of the quantity (`l`, `kg`, `pack`).
  public var unit: String?
  /// Where it is found in the shop, for grouping.
  public var category: String?
  /// Anything else worth knowing.
  public var note: String?
  /// When the item was first added.
  public var addedAt: Date
  /// When the item last changed, to the microsecond: two changes within a second differ
  /// (``Timestamp/preciseString(from:)``).
  public var updatedAt: Date

  /// Creates a product.
  @inlinable  // Reading a long list makes one a row, from another module.
  public init(
    id: UUID,
    name: String,
    isChecked: Bool = false,
    quantity: Quantity = .one,
    unit: String? = nil,
    category: String? = nil,
    note: String? = nil,
    addedAt: Date,
    updatedAt: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.isChecked = isChecked
    self.quantity = quantity
    self.unit = unit
    self.category = category
    self.note = note
    self.addedAt = addedAt
    self.updatedAt = updatedAt ?? addedAt
  }

  /// Whether two versions of a product say the same thing, ignoring when they were written.
  public func hasSameContent(as other: Product) -> Bool {
    id == other.id && name == other.name && isChecked == other.isChecked
      && quantity == other.quantity && unit == other.unit && category == other.category
      && note == other.note
  }

  /// Records a change made at `now`: `updatedAt` becomes `now`, or a microsecond after its
  /// current value when `now` is not later (see ``Timestamp/after(_:now:)``). Whoever
  /// compares an item's `updatedAt` with the one they last saw (a page replaying its offline
  /// changes) must see every change as a new value, and the value must not run ahead of the
  /// clock however often the item changes.
  mutating func markChanged(at now: Date) {
    updatedAt = Timestamp.after(updatedAt, now: now)
  }

  /// Applies the fields `changes` gives, leaving the others alone. Does not touch `updatedAt`.
  mutating func apply(_ changes: ProductChanges) {
    if let quantity = changes.quantity { self.quantity = quantity }
    if let unit = changes.unit { self.unit = unit }
    if let category = changes.category { self.category = category }
    if let note = changes.note { self.note = note }
    if let isChecked = changes.isChecked { self.isChecked = isChecked }
  }
}
