/// The orders `sort` can put a list in. Every sort is stable: items that compare equal keep
/// their current order.
public enum ProductOrder: String, CaseIterable, Equatable, Sendable {
  /// Oldest first.
  case added
  /// By category, case-insensitively; items without a category last.
  case category
  /// Unchecked items first, then the checked ones.
  case checked
  /// By name, case-insensitively.
  case name
}
