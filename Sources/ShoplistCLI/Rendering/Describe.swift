import ShoppingCore

/// Short descriptions of items for confirmation lines.
enum Describe {
  /// `Milk (2 l)`, or `Milk` when the amount is the default single unit.
  static func withAmount(_ product: Product) -> String {
    if product.quantity == .one, product.unit == nil { return product.name }
    return "\(product.name) (\(product.quantity)\(product.unit.map { " \($0)" } ?? ""))"
  }

  static func names(_ products: [Product]) -> String {
    products.map(\.name).joined(separator: ", ")
  }

  /// `item` or `items`.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
