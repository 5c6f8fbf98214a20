import Foundation

/// The rules for names and free-text fields: how they are cleaned up, what makes them valid, and
/// when two names are the same.
public enum Naming {
  /// The most characters a name or a text field may have.
  public static let maximumLength = 200

  /// Cleans up and validates a name: trims it, turns inner runs of white space into one space,
  /// and checks that 1–200 characters without control characters remain.
  ///
  /// ```swift
  /// try Naming.name("  Oat   milk ")  // "Oat milk"
  /// ```
  ///
  /// - Parameter raw: The name as the user wrote it.
  /// - Returns: The name to store.
  /// - Throws: ``ShoppingError/invalidName(_:problem:)`` naming the raw value.
  public static func name(_ raw: String) throws(ShoppingError) -> String {
    let name = collapsingWhiteSpace(raw)
    if let problem = problem(with: name) {
      throw .invalidName(raw, problem: problem)
    }
    return name
  }

  /// Cleans up and validates a free-text field (unit, category, note): trims it and checks its
  /// length and characters. Empty text means the field is cleared.
  ///
  /// - Parameters:
  ///   - raw: The text as the user wrote it.
  ///   - field: The field's name, for the error message.
  /// - Returns: The text to store, or `nil` to clear the field.
  public static func text(_ raw: String, field: String) throws(ShoppingError) -> String? {
    let text = raw.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    if let problem = problem(with: text) {
      throw .invalidText(field: field, value: raw, problem: problem)
    }
    return text
  }

  /// The form under which names are compared: two names are the same item (or list) exactly when
  /// their keys are equal. Case-insensitive and Unicode-aware: `"Crème"` and `"CRÈME"` share a
  /// key, whether their accents are composed or not.
  public static func key(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: name.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return name.lowercased().precomposedStringWithCanonicalMapping
  }

  static func collapsingWhiteSpace(_ raw: String) -> String {
    // Scalar by scalar, not character by character: a combining mark after white space forms
    // one character with it, and deciding on characters would make the result depend on what
    // was collapsed before, so that cleaning a clean name could change it again.
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in raw.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace {
          result.append(" ")
          pendingSpace = false
        }
        result.append(scalar)
      }
    }
    return String(result)
  }

  static func problem(with text: String) -> TextProblem? {
    if text.isEmpty { return .empty }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .controlCharacter
    }
    let length = text.count
    if length > maximumLength { return .tooLong(length: length, limit: maximumLength) }
    return nil
  }
}
