/// The orders `sort` can put a list in. Every sort is stable: items that compare equal keep
/// their current order.
public enum ProductOrder: String, CaseIterable, Equatable, Sendable {
  /// Oldest first.
  case added
  /// By category, in ``NaturalOrder``; items without a category last.
  case category
  /// Unchecked items first, then the checked ones.
  case checked
  /// By name, in ``NaturalOrder``: case and accents ignored, numbers by value.
  case name
}
