/// Text about to be shown to a person: stored values and user input, made safe for a terminal.
///
/// A value can hold anything another program wrote into the database: escape sequences that
/// clear the screen, set the window title or write the clipboard, or bidirectional overrides
/// that make `abc‮exe.txt` read as something else. Human output shows every such character as
/// an escape (`\u{1B}`) instead. Machine output (`--json`, exports) keeps values exactly.
///
/// ```swift
/// DisplayText.escaped("tea\u{1B}[2J")   // "tea\\u{1B}[2J"
/// DisplayText.quoted(String(repeating: "x", count: 500))  // "\"xxx…\"" (100 characters)
/// ```
public enum DisplayText {
  /// How many characters of a value a one-line message quotes before shortening it with `…`.
  public static let quotedLimit = 100

  /// `text` with every character a terminal would act on, or that hides or reorders what a
  /// reader sees, written as `\u{…}`: control characters (C0, DEL, C1), bidirectional marks,
  /// embeddings, overrides and isolates, zero-width spaces and byte-order marks.
  public static func escaped(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `text` in double quotes for a one-line message: escaped as ``escaped(_:)`` escapes, with
  /// quotes and backslashes escaped too, and shortened with `…` past ``quotedLimit``
  /// characters, so a value of any length or content makes one readable line.
  public static func quoted(_ text: String, limit: Int = quotedLimit) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if isUnsafe(scalar) {
          result += escape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Whether a scalar must not reach a terminal as it is.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || Naming.isInvisible(scalar)
      || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }
}
