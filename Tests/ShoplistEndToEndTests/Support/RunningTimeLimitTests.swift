import Foundation
import ShoplistTestTraits
import Testing

/// The limit the server and browser tests put on their bodies: it fails a body that runs too
/// long, and charges nothing for the time a test waited before its body started.
@Suite struct RunningTimeLimitTests {
  @Test func aBodyThatOverrunsItsLimitIsAFailure() async throws {
    try await withKnownIssue {
      try await RunningTimeLimit.run(within: .milliseconds(100)) {
        try await Task.sleep(for: .milliseconds(600))
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("ran longer than its limit") }
    }
  }

  @Test func aBlockedSynchronousBodyIsAFailureToo() async throws {
    await withKnownIssue {
      try await RunningTimeLimit.run(within: .milliseconds(100)) {
        usleep(600_000)  // blocks its thread, as a test waiting on a process does
      }
    }
  }

  // The bodies that pass block their thread rather than sleep as a task: a task waking up
  // waits for a thread of the shared pool, which the other tests of a full run keep busy.
  @Test func aBodyWithinItsLimitPasses() async throws {
    try await RunningTimeLimit.run(within: .seconds(30)) { usleep(50_000) }
  }

  /// What Swift Testing's `.timeLimit` does not do: a test that waited in line longer than
  /// its limit, and then ran quickly, passes.
  @Test func theWaitBeforeTheBodyStartsIsNotCounted() async throws {
    let limit = RunningTimeLimit.runningTimeLimit(.milliseconds(200))
    try await Task.sleep(for: .milliseconds(600))
    let test = try #require(Test.current)
    try await limit.provideScope(for: test, testCase: Test.Case.current) {
      usleep(20_000)
    }
  }

  @Test func aBodysErrorIsTheTestsAndNotATimeout() async throws {
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await RunningTimeLimit.run(within: .seconds(30)) { throw Refused() }
    }
  }

  @Test(arguments: [1, 2])
  func eachCaseOfAParameterizedTestGetsTheWholeLimit(_ case: Int) throws {
    let limit = RunningTimeLimit.runningTimeLimit(.seconds(1))
    let test = try #require(Test.current)
    #expect(limit.scopeProvider(for: test, testCase: nil) == nil)
    #expect(limit.scopeProvider(for: test, testCase: Test.Case.current) != nil)
  }
}
