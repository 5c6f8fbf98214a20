import Foundation
import Testing

/// Runs the tests marked with it one at a time, each case waiting for the one before to end:
/// for the few tests that need the machine's attention to mean anything (thousands of
/// connections held against a server's deadlines, a browser walking the page with its waits of
/// 20 s). Beside each other on two cores, a cold build kept a server from accepting the flood
/// it was being tested against (745 of 2,000 connections taken in 20 s), and the page check
/// missed its waits. Other tests still run beside them; the one that loads both cores for
/// minutes (a cold build of another package) runs at the lowest priority instead, so that it
/// takes only what they leave.
///
/// ```swift
/// @Suite(.oneHeavyAtATime) struct SlowReaderTests { … }
/// ```
///
/// The wait for a turn holds no thread. A suite's `.runningTimeLimit` on a test starts its
/// clock inside this trait's scope when it is written after it.
public struct OneHeavyAtATime: CaseScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    await Self.turns.take()
    let start = Date()
    defer { OffThePool.record(test, from: start) }
    do {
      try await function()
    } catch {
      await Self.turns.give()
      throw error
    }
    await Self.turns.give()
  }

  private static let turns = Turns()

  /// Whose turn it is, and who waits for one, in order.
  private actor Turns {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
      guard taken else {
        taken = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the first waiting, if any.
    func give() {
      if waiting.isEmpty {
        taken = false
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
}

extension Trait where Self == OneHeavyAtATime {
  /// Runs the test one at a time with the others marked so (see ``OneHeavyAtATime``).
  public static var oneHeavyAtATime: Self { OneHeavyAtATime() }
}
