import Foundation
import ShoppingStorage
import Testing

/// The threads storage blocks on: blocking work waits there side by side, outside the task
/// that asked (so outside a server's refusal of blocking calls), and its errors reach the
/// task.
@Suite struct StorageThreadsTests {
  @Test func asManyBlockingWaitsAsThereAreThreadsTakeAboutAsLongAsOne() async throws {
    let wait = 0.3
    let start = Date()
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for number in 0..<StorageThreads.count {
        group.addTask {
          try await StorageThreads.run {
            Thread.sleep(forTimeInterval: wait)
            return number
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let elapsed = Date().timeIntervalSince(start)

    #expect(results.sorted() == Array(0..<StorageThreads.count))
    // One after another they would take 16 × 0.3 s.
    #expect(elapsed < wait * 4, "\(elapsed) s")
  }

  @Test func theWorkRunsOutsideTheTaskAndItsErrorComesBack() async throws {
    struct Refused: Error, Equatable {}
    let seen = try await BlockingCalls.refusing {
      try await StorageThreads.run { BlockingCalls.areRefused }
    }
    #expect(seen == false)
    await #expect(throws: Refused()) {
      try await StorageThreads.run { throw Refused() }
    }
  }

  @Test func moreWorkThanThreadsAllGetsDone() async throws {
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
      for number in 1...500 {
        group.addTask { try await StorageThreads.run { number } }
      }
      return try await group.reduce(0, +)
    }
    #expect(total == 500 * 501 / 2)
  }
}
