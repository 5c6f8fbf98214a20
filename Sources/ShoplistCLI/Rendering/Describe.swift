import Foundation
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

  /// The time in the local time zone, to the minute: `2026-11-23 10:04`.
  static func localTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) "
      + "\(two(parts.hour)):\(two(parts.minute))"
  }
}
