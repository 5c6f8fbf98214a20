/// How much of a product to buy: a positive decimal number, kept exactly as written (`0.1` stays
/// `0.1`, never `0.1000000000000000055`).
///
/// ```swift
/// let quantity = try Quantity("1.25")
/// quantity.description  // "1.25"
/// ```
public struct Quantity: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The digits of the number without its decimal point: 125 for 1.25.
  public let significand: Int64
  /// How many of those digits follow the decimal point: 2 for 1.25. Never more than needed.
  public let scale: Int

  /// One: the quantity of a new item unless the user gives another.
  public static let one: Quantity = 1

  /// The most significant digits a quantity may have.
  public static let maximumDigits = 18

  public init(integerLiteral value: Int64) {
    precondition(value > 0, "a quantity is positive")
    self.significand = value
    self.scale = 0
  }

  /// Parses a positive decimal number: `2`, `0.5`, `1.25`, `.5`, `2.`, with a decimal comma
  /// (`1,5`), or with an exponent as JSON writes it (`1e2`). Trailing zeros after the point are dropped (`1.50` is `1.5`).
  ///
  /// - Parameter text: The number as written.
  /// - Throws: ``ShoppingError/invalidQuantity(_:)`` for anything else, zero, or a number with
  ///   more than 18 significant digits.
  public init(_ text: some StringProtocol) throws(ShoppingError) {
    guard let (significand, scale) = Self.parse(Substring(text).utf8) else {
      throw .invalidQuantity(String(text))
    }
    self.significand = significand
    self.scale = scale
  }

  /// Parses a quantity from its UTF-8 bytes, as ``init(_:)`` reads its text, without first
  /// making a string of them: loading a list reads one for every product, from a column.
  ///
  /// - Returns: `nil` for anything ``init(_:)`` refuses.
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let (significand, scale) = Self.parse(bytes) else { return nil }
    self.significand = significand
    self.scale = scale
  }

  /// The nearest `Double`, for arithmetic that does not need exactness.
  public var doubleValue: Double {
    var value = Double(significand)
    for _ in 0..<scale { value /= 10 }
    return value
  }

  public var description: String {
    guard scale > 0 else { return String(significand) }
    var digits = String(significand)
    if digits.count <= scale {
      digits = String(repeating: "0", count: scale - digits.count + 1) + digits
    }
    digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    return digits
  }

  private static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (Int64, Int)? {
    var significand: Int64 = 0
    var digits = 0
    var scale = 0
    var seenPoint = false
    var seenDigit = false
    var exponent = 0
    var index = bytes.startIndex
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") {
      index = bytes.index(after: index)
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        seenDigit = true
        let digit = Int64(byte - UInt8(ascii: "0"))
        if significand == 0, digit == 0 {
          if seenPoint { scale += 1 }
        } else {
          digits += 1
          guard digits <= maximumDigits else { return nil }
          significand = significand * 10 + digit
          if seenPoint { scale += 1 }
        }
      } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ","), !seenPoint {
        // A decimal comma too (`1,5`), as European spreadsheets and keyboards write it.
        seenPoint = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        guard seenDigit,
          let value = Int(String(decoding: bytes[bytes.index(after: index)...], as: UTF8.self)),
          abs(value) <= 36
        else { return nil }
        exponent = value
        index = bytes.endIndex
        break
      } else {
        return nil
      }
      index = bytes.index(after: index)
    }
    guard seenDigit, significand > 0 else { return nil }
    scale -= exponent
    while scale > 0, significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    while scale < 0 {
      let (product, overflow) = significand.multipliedReportingOverflow(by: 10)
      guard !overflow, String(product).count <= maximumDigits else { return nil }
      significand = product
      scale += 1
    }
    guard scale <= 36 else { return nil }
    return (significand, scale)
  }
}
