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
    if let name = try asciiName(raw) { return name }
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
    var utf8 = Substring(raw).utf8
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      // Plain ASCII, the common case of an import: trimming spaces needs no Unicode tables.
      while utf8.first == 0x20 { utf8.removeFirst() }
      while utf8.last == 0x20 { utf8.removeLast() }
      if utf8.isEmpty { return nil }
      if utf8.count > maximumLength {
        throw .invalidText(
          field: field, value: raw, problem: .tooLong(length: utf8.count, limit: maximumLength)
        )
      }
      return utf8.count == raw.utf8.count ? raw : String(Substring(utf8))
    }
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
      guard name.utf8.contains(where: { $0 &- 0x41 < 26 }) else { return name }
      return String(decoding: name.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return name.lowercased().precomposedStringWithCanonicalMapping
  }

  /// ``name(_:)`` for plain ASCII, byte by byte; `nil` when `raw` has other characters.
  private static func asciiName(_ raw: String) throws(ShoppingError) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.utf8.count)
    var pendingSpace = false
    var control = false
    for byte in raw.utf8 {
      switch byte {
      case 0x80...: return nil
      case 0x20, 0x09...0x0D:
        pendingSpace = !bytes.isEmpty
      default:
        if pendingSpace {
          bytes.append(0x20)
          pendingSpace = false
        }
        control = control || byte < 0x20 || byte == 0x7F
        bytes.append(byte)
      }
    }
    let problem: TextProblem? =
      bytes.isEmpty ? .empty
      : control ? .controlCharacter
      : bytes.count > maximumLength ? .tooLong(length: bytes.count, limit: maximumLength) : nil
    if let problem { throw .invalidName(raw, problem: problem) }
    return raw.utf8.elementsEqual(bytes) ? raw : String(decoding: bytes, as: UTF8.self)
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
