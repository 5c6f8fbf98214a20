import Foundation
import ShoppingStorage
import Testing

/// The threads storage blocks on: blocking work waits there side by side, outside the task
/// that asked (so outside a server's refusal of blocking calls), and its errors reach the
/// task.
@Suite struct StorageThreadsTests {
  /// Threads are added while every one is busy, so waits never queue behind other waits
  /// (other tests' storage work among them): fifty works that each wait until all fifty are
  /// waiting at once all finish, where a pool of fewer threads would leave them waiting for
  /// ever (here, for the 10 s each allows).
  @Test func fiftyBlockingWaitsAtOnceAllWaitTogether() async throws {
    let gathering = Gathering(expected: 50)
    // The asking tasks on a thread of their own, so that they all ask at once even while
    // Swift's shared pool is busy with other tests; timed there too, since the way back to
    // that pool may wait.
    let asking = ThreadExecutor(count: 1, name: "storage-threads-test")
    let (together, elapsed) = try await withTaskExecutorPreference(asking) {
      let start = Date()
      let together = try await withThrowingTaskGroup(of: Bool.self) { group in
        for _ in 0..<50 {
          group.addTask { try await StorageThreads.run { gathering.arriveAndWait(seconds: 10) } }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      return (together, Date().timeIntervalSince(start))
    }

    #expect(together.count == 50 && together.allSatisfy { $0 }, "\(together)")
    #expect(elapsed < 10, "\(elapsed) s")
    #expect(StorageThreads.count <= StorageThreads.maximum)
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

/// Works that wait until `expected` of them are waiting.
private final class Gathering: @unchecked Sendable {
  // `arrived` is guarded by `condition`.
  private let condition = NSCondition()
  private var arrived = 0
  private let expected: Int

  init(expected: Int) { self.expected = expected }

  /// Whether all arrived within `seconds`.
  func arriveAndWait(seconds: Double) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    arrived += 1
    condition.broadcast()
    let deadline = Date(timeIntervalSinceNow: seconds)
    while arrived < expected {
      if !condition.wait(until: deadline) { return arrived >= expected }
    }
    return true
  }
}
