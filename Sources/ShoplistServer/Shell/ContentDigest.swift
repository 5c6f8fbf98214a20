/// A 64-bit FNV-1a digest of a sequence of byte strings, each preceded by its length (so that
/// moving bytes from one string to the next changes it too). It tells builds of the page and
/// versions of a file apart; it is not a defence against anyone forging a collision, and
/// nothing here needs one.
struct ContentDigest: Sendable {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds `bytes`, after their count.
  mutating func add(_ bytes: [UInt8]) {
    var count = UInt64(bytes.count)
    for _ in 0..<8 {
      mix(UInt8(truncatingIfNeeded: count))
      count >>= 8
    }
    for byte in bytes { mix(byte) }
  }

  private mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  /// The digest as 16 lowercase hexadecimal digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The digest of one byte string.
  static func of(_ bytes: [UInt8]) -> String {
    var digest = ContentDigest()
    digest.add(bytes)
    return digest.hex
  }
}
