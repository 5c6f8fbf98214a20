/// Small JSON texts written by hand (errors, events, the history document), with strings
/// escaped as JSON requires; the list documents have their own streaming writer.
public enum JSONText {
  /// `{"key": "value", …}` with the keys in the order given.
  public static func object(_ pairs: KeyValuePairs<String, String>) -> String {
    "{" + pairs.map { "\(string($0.key)): \(string($0.value))" }.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal.
  public static func string(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }
}
