/// The random values that let a member in: the code of an invite link, and the secret a
/// phone keeps in its cookie once it joined. Both are drawn from the system's secure random
/// source and written in base64url (letters, digits, `-`, `_`), so that they travel in a path
/// and a cookie as they are; the database keeps only their SHA-256 hashes.
enum MemberCredentials {
  /// An invite code: 128 random bits, 22 characters, short enough to keep the link's QR code
  /// small.
  static func newCode() -> String { random(bytes: 16) }

  /// A member's secret: 256 random bits, 43 characters.
  static func newSecret() -> String { random(bytes: 32) }

  /// How a code or a secret is stored: its SHA-256 hash in hexadecimal.
  static func hash(_ value: String) -> String {
    SHA256.hex(of: Array(value.utf8))
  }

  /// Whether `text` could be an invite code: anything else is refused without a look at the
  /// database.
  static func isCode(_ text: String) -> Bool {
    isBase64URL(text, length: 22)
  }

  /// Whether `text` could be a member's secret.
  static func isSecret(_ text: String) -> Bool {
    isBase64URL(text, length: 43)
  }

  private static func isBase64URL(_ text: String, length: Int) -> Bool {
    text.utf8.count == length && text.utf8.allSatisfy { alphabet.contains($0) }
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// `count` random bytes in base64url without padding.
  private static func random(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    var text: [UInt8] = []
    var buffer = 0
    var bits = 0
    for byte in bytes {
      // Fewer than 6 bits are left over from before: 14 bits hold them and the new byte.
      buffer = (buffer << 8 | Int(byte)) & 0x3FFF
      bits += 8
      while bits >= 6 {
        bits -= 6
        text.append(alphabet[buffer >> bits & 0x3F])
      }
    }
    if bits > 0 { text.append(alphabet[buffer << (6 - bits) & 0x3F]) }
    return String(decoding: text, as: UTF8.self)
  }
}
