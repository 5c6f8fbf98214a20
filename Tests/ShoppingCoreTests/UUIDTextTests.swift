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
}
