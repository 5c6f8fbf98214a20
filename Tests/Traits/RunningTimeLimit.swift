import Testing

/// A limit on how long a test's own body runs, counted from the moment the body starts.
///
/// Swift Testing's `.timeLimit` starts its clock when the test is started, and a test waits
/// for a thread of Swift's shared pool before its body runs. On a two-core machine that pool
/// has two threads, and the end-to-end tests hold them while their child processes run, so a
/// test can wait minutes in line and be failed by its limit before it has done anything. This
/// limit starts when the body does: it fails a test that hangs, not one that waited its turn.
///
/// ```swift
/// @Test(.runningTimeLimit(.seconds(60)))
/// func theModelPassesItsOwnTests() throws { … }
/// ```
///
/// A body that is still running at the limit is reported as failed then, or when it returns
/// if no thread was free to run the watch; like `.timeLimit`, a body blocked in a synchronous
/// call is not interrupted. An `async` body's own waits for the pool count as its running time.
public struct RunningTimeLimit: CaseScoping {
  /// How long each case's body may run (a parameterized test's cases each get the whole).
  public var limit: Duration

  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Self.run(within: limit, reportingAt: test.sourceLocation, function)
  }

  /// Runs `body` in the calling task and records an issue if it runs longer than `limit`:
  /// at the limit, from a child task watching it (so the issue is the test's own), or, when
  /// no thread was free to run that watch, as soon as the body returns.
  public static func run(
    within limit: Duration, reportingAt location: SourceLocation = #_sourceLocation,
    _ body: @Sendable () async throws -> Void
  ) async throws {
    let started = ContinuousClock.now
    let overran: @Sendable () -> Void = {
      Issue.record(
        "The test ran longer than its limit of \(limit) from its start.", sourceLocation: location)
    }
    let (outcome, ran, reported) = await withTaskGroup(of: Bool.self) { watch in
      watch.addTask {
        // A watch that starts late (the pool busy) only gives the body more time.
        try? await Task.sleep(until: started + limit, clock: .continuous)
        guard !Task.isCancelled else { return false }
        overran()
        return true
      }
      var outcome = Result<Void, any Error>.success(())
      do { try await body() } catch { outcome = .failure(error) }
      // Timed before waiting for the watch, which itself may wait for a thread.
      let ran = ContinuousClock.now - started
      watch.cancelAll()
      return (outcome, ran, await watch.next() ?? false)
    }
    if !reported && ran > limit { overran() }
    try outcome.get()
  }
}

extension Trait where Self == RunningTimeLimit {
  /// Fails the test if its body runs longer than `limit`, counted from the body's start
  /// rather than from when the test was queued (see ``RunningTimeLimit``).
  public static func runningTimeLimit(_ limit: Duration) -> Self {
    RunningTimeLimit(limit: limit)
  }
}
