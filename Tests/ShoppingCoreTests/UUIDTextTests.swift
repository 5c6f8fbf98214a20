import Foundation
import ShoppingCore
import Testing

@Suite struct CanonicalUUIDTests {
  @Test func parsesWhatUUIDStringWritesInEitherCase() {
    for _ in 0..<100 {
      let id = UUID()
      #expect(UUID(canonical: id.uuidString) == id)
      #expect(UUID(canonical: id.uuidString.lowercased()) == id)
      #expect(id.canonicalText == id.uuidString)
    }
  }

  @Test(arguments: [
    "", "not a uuid", "5A1F0000-0000-0000-0000-00000000000", "5A1F0000-0000-0000-0000-00000000000G",
    "5A1F00000000-0000-0000-000000000000", "5A1F0000-0000-0000-0000-0000000000000",
    // The characters either side of the digits and of the letters of both cases.
    "/A1F0000-0000-0000-0000-000000000000", "5A1F0000-0000-0000-0000-00000000000:",
    "5A1F0000-@000-0000-0000-000000000000", "5A1F0000-0000-0G00-0000-000000000000",
    "5A1F0000-0000-0000-`000-000000000000", "5A1F0000-0000-0000-0000-0000000g0000",
    "5A1F0000-0000-0000-0000-0000000000\u{E9}",
  ])
  func refusesAnythingElse(text: String) {
    #expect(UUID(canonical: text) == nil)
  }

  /// Every byte value in every place of a digit: read as the hexadecimal digit it is (the id
  /// Foundation's parser reads), or the whole id refused. Stricter than Foundation, which lets
  /// a space or a sign stand for a digit.
  @Test func readsEveryDigitAndRefusesEveryOtherByte() {
    let id = UUID()
    let text = Array(id.uuidString.utf8)
    for place in text.indices where text[place] != UInt8(ascii: "-") {
      for byte in UInt8.min...UInt8.max {
        var changed = text
        changed[place] = byte
        let parsed = changed.withUnsafeBufferPointer { UUID(canonicalUTF8: $0) }
        let isDigit =
          UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte
          || UInt8(ascii: "A")...UInt8(ascii: "F") ~= byte
          || UInt8(ascii: "a")...UInt8(ascii: "f") ~= byte
        let expected = isDigit ? UUID(uuidString: String(decoding: changed, as: UTF8.self)) : nil
        #expect(!isDigit || expected != nil)
        #expect(parsed == expected, "byte \(byte) at \(place)")
      }
    }
  }
}
