import Foundation
import ShoppingCore

/// Short descriptions of items for confirmation lines.
enum Describe {
  /// `Milk (2 l)`, or `Milk` when the amount is the default single unit.
  static func withAmount(_ product: Product) -> String {
    if product.quantity == .one, product.unit == nil { return product.name }
    return "\(product.name) (\(product.quantity)\(product.unit.map { " \($0)" } ?? ""))"
  }

  /// The quantity and unit as a table shows them (`2 l`, `12`), escaped for the terminal;
  /// empty for the default single unit.
  static func amount(_ product: Product) -> String {
    if product.unit == nil, product.quantity == .one { return "" }
    return product.quantity.description
      + (product.unit.map { " \(DisplayText.escaped($0))" } ?? "")
  }

  static func names(_ products: [Product]) -> String {
    products.map(\.name).joined(separator: ", ")
  }

  /// `item` or `items`.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `1 item matches`, `2 items match`: the count and the verb's form that agrees with it.
  static func count(_ count: Int, _ noun: String, verb: (one: String, many: String)) -> String {
    "\(Self.count(count, noun)) \(count == 1 ? verb.one : verb.many)"
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
