/// Small JSON texts written by hand (errors, events, the history document); the list
/// documents have their own streaming writer. Both escape strings alike (`JSONEscaping`).
public enum JSONText {
  /// `{"key": "value", …}` with the keys in the order given.
  public static func object(_ pairs: KeyValuePairs<String, String>) -> String {
    "{" + pairs.map { "\(string($0.key)): \(string($0.value))" }.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal, escaped as every document shoplist writes is.
  public static func string(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    JSONEscaping.appendLiteral(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
