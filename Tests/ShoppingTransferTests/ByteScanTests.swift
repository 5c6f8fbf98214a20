import Testing

@testable import ShoppingTransfer

/// The word-at-a-time scans the readers pass over long stretches of input with (a line too
/// long, an endless `/dev/zero`): each finds what the byte-by-byte search it replaced found.
@Suite struct ByteScanTests {
  static let inputs: [[UInt8]] = [
    [], [0x0A], Array("milk\neggs\n".utf8), Array(repeating: 0, count: 100),
    Array(repeating: 0x78, count: 17) + [0x0D, 0x0A] + Array(repeating: 0x79, count: 9),
    Array("Crème fraîche\r\nÄpfel".utf8), Array(repeating: 0x41, count: 64) + [0xC3],
    (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) },
  ]

  @Test(arguments: inputs)
  func findingAByteAgreesWithFirstIndex(bytes: [UInt8]) {
    for byte: UInt8 in [0x0A, 0x0D, 0x00] {
      for start in 0...bytes.count {
        for end in start...bytes.count {
          #expect(
            ByteReader.offset(of: byte, in: bytes, from: start, to: end)
              == bytes[start..<end].firstIndex(of: byte),
            "\(byte) in \(start)..<\(end) of \(bytes)")
        }
      }
    }
  }

  @Test(arguments: inputs)
  func theEndOfASCIIAgreesWithFirstIndex(bytes: [UInt8]) {
    for start in 0...bytes.count {
      let slice = bytes[start...]
      #expect(
        TextDecoder.endOfASCII(in: slice) == (slice.firstIndex { $0 >= 0x80 } ?? slice.endIndex),
        "from \(start) of \(bytes)")
    }
  }

  @Test func copyingOverwritesJustItsRange() {
    var target: [UInt8] = [1, 2, 3, 4, 5, 6]
    ByteReader.copy([9, 8], into: &target, at: 3)
    #expect(target == [1, 2, 3, 9, 8, 6])
    ByteReader.copy([], into: &target, at: 6)
    #expect(target == [1, 2, 3, 9, 8, 6])
  }
}
