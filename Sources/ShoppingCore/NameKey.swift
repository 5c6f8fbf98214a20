/// The form under which names are compared: two names are the same item (or list) exactly
/// when their keys are equal. Case-insensitive and Unicode-aware: `"Crème"` and `"CRÈME"`
/// share a key, whether their accents are composed or not; so do `"Weißwurst"` and
/// `"WEISSWURST"`, `"ΟΔΟΣ"` and `"οδος"` (Unicode's full case folding), and `"milk"` and
/// `"mi\u{200D}lk"` (default-ignorable characters do not count). See ``Naming/key(_:)``.
///
/// Every comparison of names goes through a key; storage keeps each name's key beside it
/// (the `nameKey` columns) and finds names by it.
///
/// A key is made only from a name that passed ``Naming/name(_:)`` (``Naming/key(_:)``), or
/// from text as a person typed it, which is normalised first (``init(lookingUp:)``): an
/// unnormalised name cannot reach a comparison.
///
/// ```swift
/// NameKey(lookingUp: "  Oat   MILK ") == Naming.key("Oat milk")  // true
/// ```
public struct NameKey: Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The key's text, as the database's `nameKey` columns store it.
  public let value: String

  init(normalised value: String) {
    self.value = value
  }

  /// The key of text as a person typed it (a reference, a list name given on the command
  /// line): its white space is collapsed as a name's is before the key is taken.
  public init(lookingUp text: String) {
    self = Naming.key(Naming.collapsingWhiteSpace(text))
  }

  /// A key as storage holds it, computed from a valid name when it was written.
  public init(stored value: String) {
    self.value = value
  }

  /// Whether this key starts with `prefix` (a unique prefix picks an item).
  public func hasPrefix(_ prefix: NameKey) -> Bool {
    value.hasPrefix(prefix.value)
  }

  /// Whether the key is of an empty name.
  public var isEmpty: Bool { value.isEmpty }

  /// The key of a literal, normalised as ``init(lookingUp:)`` normalises.
  public init(stringLiteral text: String) {
    self.init(lookingUp: text)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  public var description: String { value }
}
