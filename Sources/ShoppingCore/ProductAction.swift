/// What the user asked of one product.
public enum ProductAction: Equatable, Sendable {
  /// Put it in the basket (idempotent).
  case checked
  /// Change some of its fields; see ``ProductChanges``.
  case edited(ProductChanges)
  /// Flip it between checked and unchecked.
  case toggled
  /// Take it out of the basket (idempotent).
  case unchecked
}
