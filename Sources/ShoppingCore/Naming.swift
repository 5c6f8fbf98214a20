import Foundation

/// The rules for names and free-text fields: how they are cleaned up, what makes them valid, and
/// when two names are the same.
public enum Naming {
  /// The most characters a name or a text field may have.
  public static let maximumLength = 200

  /// Cleans up and validates a name: trims it, turns inner runs of white space into one space,
  /// and checks that 1–200 characters (Unicode scalars) remain, with no control characters
  /// and none of the invisible characters that spoof what a reader sees (see
  /// ``isInvisible(_:)``).
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
    if let trimmed = raw.utf8.withContiguousStorageIfAvailable(printableASCIITrimmed),
      let range = trimmed
    {
      // Plain ASCII, the common case of an import: trimming spaces needs no Unicode tables.
      if range.isEmpty { return nil }
      if range.count > maximumLength {
        throw .invalidText(
          field: field, value: raw, problem: .tooLong(length: range.count, limit: maximumLength)
        )
      }
      if range.count == raw.utf8.count { return raw }
      let utf8 = raw.utf8
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
      return String(Substring(utf8[start..<end]))
    }
    let text = raw.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    if let problem = problem(with: text) {
      throw .invalidText(field: field, value: raw, problem: problem)
    }
    return text
  }

  /// The offsets of `bytes` without leading and trailing spaces, or `nil` when they are not
  /// all printable ASCII.
  private static func printableASCIITrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 { end -= 1 }
    return start..<end
  }

  /// The key a valid name (one ``name(_:)`` returned) is compared under; see ``NameKey``.
  public static func key(_ name: String) -> NameKey {
    // Plain ASCII byte by byte, straight from the string's storage: every row of an import
    // and every lookup makes keys. (ASCII folds to its lower case, and none of it is
    // default-ignorable.)
    switch name.utf8.withContiguousStorageIfAvailable(asciiKey) {
    case .unchanged?: NameKey(normalised: name)
    case let .lowered(key)?: NameKey(normalised: key)
    case .notASCII?, nil: NameKey(normalised: folded(name))
    }
  }

  private enum ASCIIKey {
    case unchanged
    case lowered(String)
    case notASCII
  }

  private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIKey {
    var hasUpperCase = false
    for byte in bytes {
      if byte >= 0x80 { return .notASCII }
      if byte &- 0x41 < 26 { hasUpperCase = true }
    }
    guard hasUpperCase else { return .unchanged }
    let key = String(unsafeUninitializedCapacity: bytes.count) { key in
      for index in bytes.indices {
        let byte = bytes[index]
        key[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
      }
      return bytes.count
    }
    return .lowered(key)
  }

  /// ``name(_:)`` for plain ASCII, byte by byte; `nil` when `raw` has other characters.
  private static func asciiName(_ raw: String) throws(ShoppingError) -> String? {
    guard let cleaned = raw.utf8.withContiguousStorageIfAvailable(cleanASCIIName) else {
      return nil
    }
    switch cleaned {
    case .notASCII: return nil
    case .unchanged: return raw
    case let .cleaned(bytes): return String(decoding: bytes, as: UTF8.self)
    case let .invalid(problem): throw .invalidName(raw, problem: problem)
    }
  }

  private enum ASCIIName {
    case notASCII
    case unchanged
    case cleaned([UInt8])
    case invalid(TextProblem)
  }

  private static func cleanASCIIName(_ raw: UnsafeBufferPointer<UInt8>) -> ASCIIName {
    if isCleanASCIIName(raw) { return .unchanged }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var pendingSpace = false
    var control = false
    for byte in raw {
      switch byte {
      case 0x80...: return .notASCII
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
    if bytes.isEmpty { return .invalid(.empty) }
    if control { return .invalid(.controlCharacter) }
    if bytes.count > maximumLength {
      return .invalid(.tooLong(length: bytes.count, limit: maximumLength))
    }
    return raw.elementsEqual(bytes) ? .unchanged : .cleaned(bytes)
  }

  /// Whether `raw` is a valid ASCII name as cleaning leaves it (the usual name of an import's
  /// row): printable, single spaces between words only, not too long. Checked in one pass
  /// without copying it.
  private static func isCleanASCIIName(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !raw.isEmpty, raw.count <= maximumLength else { return false }
    // A space at the start is not clean, as one after another space is not.
    var afterSpace = true
    for byte in raw {
      if byte == 0x20 {
        if afterSpace { return false }
        afterSpace = true
      } else {
        // Controls and other white space (cleaning changes them or refuses the name), and
        // anything not ASCII.
        if byte < 0x21 || byte >= 0x7F { return false }
        afterSpace = false
      }
    }
    return !afterSpace
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
    // Scalars, not characters: a letter with a million combining accents is one character,
    // and counting characters would let it through at any size.
    var length = 0
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control { return .controlCharacter }
      if isInvisible(scalar) { return .invisibleCharacter(scalar) }
      length += 1
    }
    if length > maximumLength { return .tooLong(length: length, limit: maximumLength) }
    return nil
  }

  /// Whether a scalar is one of the invisible characters that change what a reader sees
  /// without being seen: bidirectional marks, embeddings, overrides and isolates (U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069), the zero-width space U+200B, the word joiner
  /// U+2060 and the byte-order mark U+FEFF. The zero-width (non-)joiners U+200C and U+200D
  /// are not among them: scripts and emoji need them.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
    default: false
    }
  }
}
