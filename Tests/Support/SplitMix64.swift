/// A small, fast, seedable generator, so every run of the suite sees the same cases.
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A string built from pieces that have broken programs before.
  public mutating func hostileString() -> String {
    let pieces = [
      "milk", "MILK", "Crème", "CRÈME", "cre\u{300}me", " ", "  ", "\t", "\n", "\u{0}", "\u{7}",
      "\u{1B}[31m", "'; DROP TABLE product; --", "\"", "\\", "%", "_", "*", "--force", "-q",
      "../../etc/passwd", "/tmp/x", "0", "1", "42", "-1", "1e9", "ß", "ǅ", "İ",
      "👩‍👩‍👧", "🥛",
      "\u{301}", "\u{200B}", "\u{FEFF}", "日本", "עברית", "\u{10FFFF}", "x", "a b",
    ]
    var text = ""
    for _ in 0..<Int(next() % 6) {
      text += pieces[Int(next() % UInt64(pieces.count))]
    }
    if next() % 50 == 0 { text += String(repeating: "a", count: 195 + Int(next() % 10)) }
    return text
  }
}
