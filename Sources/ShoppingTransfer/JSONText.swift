/// JSON strings and flat objects of strings (the event stream's events), written through
/// ``JSONValue``; the list documents have their own streaming writer. Both escape strings
/// alike (`JSONEscaping`).
public enum JSONText {
  /// `{"key": "value", …}` with the keys in the order given.
  public static func object(_ pairs: KeyValuePairs<String, String>) -> String {
    let members = pairs.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }
    return JSONValue.object(JSONObject(members: members)).text
  }

  /// `text` as a JSON string literal, escaped as every document shoplist writes is.
  public static func string(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    JSONEscaping.appendLiteral(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
