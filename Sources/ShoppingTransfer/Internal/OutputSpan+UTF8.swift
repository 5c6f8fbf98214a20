import Foundation

/// Text written in place, into room an array made for it beforehand (`append(addingCapacity:
/// initializingWith:)`): a copy per part, checked against the room left, without the
/// bookkeeping an array does on every append. The list documents write their items so.
extension OutputSpan<UInt8> {
  /// Appends fixed text: punctuation and keys.
  @inline(__always)  // a copy of a size known where it is called
  mutating func append(_ text: StaticString) {
    append(copying: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8.
  mutating func append(contentsOf text: String) {
    var text = text
    text.withUTF8 { append(copying: $0) }
  }

  /// Appends `bytes`.
  @inline(__always)
  mutating func append(copying bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    withUnsafeMutableBufferPointer { buffer, count in
      precondition(buffer.count - count >= bytes.count, "no room left for the text")
      (buffer.baseAddress! + count).initialize(from: source, count: bytes.count)
      count += bytes.count
    }
  }

  /// Appends an id's canonical text.
  mutating func append(_ id: UUID) {
    withUnsafeMutableBufferPointer { buffer, count in
      id.writeCanonicalText(to: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
      count += UUID.canonicalTextCount
    }
  }

  /// Appends the decimal digits of `value`, or `0` when it is negative.
  mutating func append(decimal value: Int) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    withUnsafeMutableBufferPointer { buffer, count in
      var rest = max(0, value)
      for index in (count..<count + digits).reversed() {
        buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      count += digits
    }
  }
}
