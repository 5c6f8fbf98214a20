import Foundation
import Testing

@testable import ShoppingCore

@Suite struct ShoppingEnvironmentTests {
  @Test func liveIdsAreTimeOrderedVersion7AndDistinct() {
    let environment = ShoppingEnvironment.live
    let ids = (0..<10_000).map { _ in environment.uuid() }
    #expect(Set(ids).count == ids.count)
    for id in ids.prefix(100) {
      let text = id.uuidString
      #expect(text[text.index(text.startIndex, offsetBy: 14)] == "7")
      #expect("89AB".contains(text[text.index(text.startIndex, offsetBy: 19)]))
    }
  }

  @Test func idsMadeLaterSortAfterEarlierOnes() throws {
    let environment = ShoppingEnvironment.live
    let first = environment.uuid()
    Thread.sleep(forTimeInterval: 0.002)
    let second = environment.uuid()
    #expect(first.uuidString < second.uuidString)
  }

  @Test func twoLiveEnvironmentsDrawDifferentIds() {
    // Each is seeded from the system's entropy: two processes never share a stream.
    #expect(ShoppingEnvironment.live.uuid() != ShoppingEnvironment.live.uuid())
  }

  @Test func version7IdsLayTheTimeAndTheRandomBitsOutInOrder() {
    struct Fixed: RandomNumberGenerator {
      var words: [UInt64]
      mutating func next() -> UInt64 { words.removeFirst() }
    }
    var random = Fixed(words: [0xFFFF_FFFF_FFFF_FABC, 0x0123_4567_89AB_CDEF])
    let id = UUID(milliseconds: 0x019A_B3A7_C0FF, random: &random)
    #expect(id.uuidString == "019AB3A7-C0FF-7ABC-8123-456789ABCDEF")
  }

  @Test func liveTimeIsWholeSeconds() {
    let now = ShoppingEnvironment.live.now().timeIntervalSince1970
    #expect(now == now.rounded(.down))
  }
}
