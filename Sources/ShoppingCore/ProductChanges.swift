/// Validated changes to a product's fields, each one optional: a field that is `nil` here is
/// left as it is. For the text fields, `.some(nil)` clears the field.
///
/// ```swift
/// let changes = try ProductChanges(quantity: "2", unit: "l", category: "")  // clears category
/// ```
public struct ProductChanges: Equatable, Sendable {
  /// The new quantity, or `nil` to keep it.
  public let quantity: Quantity?
  /// The new unit: `nil` keeps it, `.some(nil)` clears it.
  public let unit: String??
  /// The new category: `nil` keeps it, `.some(nil)` clears it.
  public let category: String??
  /// The new note: `nil` keeps it, `.some(nil)` clears it.
  public let note: String??
  /// The new checked state, or `nil` to keep it.
  public let isChecked: Bool?

  /// No change at all.
  public static let none = ProductChanges(
    validQuantity: nil, unit: nil, category: nil, note: nil, isChecked: nil
  )

  /// Validates changes given as the user wrote them; empty text clears a field.
  ///
  /// - Throws: ``ShoppingError/invalidQuantity(_:)`` or
  ///   ``ShoppingError/invalidText(field:value:problem:)``.
  public init(
    quantity: String? = nil,
    unit: String? = nil,
    category: String? = nil,
    note: String? = nil,
    isChecked: Bool? = nil
  ) throws(ShoppingError) {
    self.init(
      validQuantity: try quantity.map { text throws(ShoppingError) in try Quantity(text) },
      unit: try unit.map { text throws(ShoppingError) in try Naming.text(text, field: "unit") },
      category: try category.map { text throws(ShoppingError) in
        try Naming.text(text, field: "category")
      },
      note: try note.map { text throws(ShoppingError) in try Naming.text(text, field: "note") },
      isChecked: isChecked
    )
  }

  /// Changes whose values are already valid, as a reader of a trusted source produces them.
  public init(
    validQuantity quantity: Quantity?,
    unit: String??,
    category: String??,
    note: String??,
    isChecked: Bool?
  ) {
    self.quantity = quantity
    self.unit = unit
    self.category = category
    self.note = note
    self.isChecked = isChecked
  }
}
