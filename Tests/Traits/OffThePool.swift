import Foundation
import ShoppingStorage
import Testing

/// The threads that tests marked ``OffThePool`` run on, outside Swift's shared (cooperative)
/// pool.
///
/// Swift's shared pool has as many threads as the machine has cores: two here. A synchronous
/// test that waits for a child process, a socket or a file's `fsync` holds one of them for as
/// long as it waits, so on two cores the suite would run about two tests at a time however
/// little work each does. Run on these threads instead, such a test waits without holding the
/// pool: async tests, the test runner and the helpers' own tasks go on. Four times the cores
/// (and at least eight): most of these tests wait (on a child process, a server, a deadline)
/// far more than they compute, and with twice the cores the machine sat half idle while the
/// tests queued for a thread (a fresh clone's first pass 578 s; with eight 472 s, and 443 to
/// 593 s on a working build, the slowest when a rebuild of the embedding program held the
/// heavy tests' turn). The tests that need the machine's attention to mean anything, which
/// six threads once crowded out of their marks, take turns (``OneHeavyAtATime``) whatever the
/// count.
public enum TestThreads {
  package static let shared = ThreadExecutor(count: count, name: "test thread")

  /// How many: `SHOPLIST_TEST_THREAD_COUNT` when set, to measure the suite with another.
  static let count =
    Int(ProcessInfo.processInfo.environment["SHOPLIST_TEST_THREAD_COUNT"] ?? "")
    ?? max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)

  /// Whether the calling code runs on one of the test threads.
  public static var isRunningOnATestThread: Bool { shared.runsCurrentThread }

  /// Runs `body` with `count` threads of its own as its task's executor.
  public static func withThreads<T: Sendable>(
    _ count: Int, _ body: @Sendable () async throws -> T
  ) async rethrows -> T {
    try await withTaskExecutorPreference(ThreadExecutor(count: count, name: "test thread")) {
      try await body()
    }
  }
}

/// Runs each test of a suite (or a test) on ``TestThreads``, off Swift's shared pool: for
/// tests that wait synchronously on child processes, sockets or the disk.
///
/// ```swift
/// @Suite(.offThePool) struct ImportTests { … }
/// ```
///
/// The test's task prefers the threads as its executor (`withTaskExecutorPreference`), so
/// its body, synchronous or not, and the child tasks it starts run there.
public struct OffThePool: CaseScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard Self.isOn else { return try await function() }
    guard !test.traits.contains(where: { $0 is OnThreadsOfItsOwn }) else {
      // Its own threads, from the start: never a wait for one of the shared ones, not even
      // to come back from its own.
      let start = Date()
      defer { Self.record(test, from: start) }
      return try await function()
    }
    try await withTaskExecutorPreference(TestThreads.shared) {
      let start = Date()
      defer { Self.record(test, from: start) }
      try await function()
    }
  }

  /// With `SHOPLIST_TEST_TIMES=FILE`, each case's own time on the threads (from when a thread
  /// took it up, not from when the runner queued it) is appended to FILE: seconds, a tab, the
  /// test's id. How the ten slowest tests are found. A test run ``OneHeavyAtATime`` also gets
  /// a line for the time it held its turn alone (the smaller of its two lines is its own).
  private static let timesFile = ProcessInfo.processInfo.environment["SHOPLIST_TEST_TIMES"]

  static func record(_ test: Test, from start: Date) {
    guard let timesFile, let file = fopen(timesFile, "a") else { return }
    defer { fclose(file) }
    let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
    // One write of one line: cases end side by side. (A parameterized test: a line a case.)
    fputs("\(seconds)\t\(test.id)\n", file)
  }

  /// Off with `SHOPLIST_TEST_THREADS=pool` in the environment, to compare the suite's time
  /// with its tests on the shared pool.
  public static let isOn = ProcessInfo.processInfo.environment["SHOPLIST_TEST_THREADS"] != "pool"
}

extension Trait where Self == OffThePool {
  /// Runs the tests on threads of their own, off Swift's shared pool (see ``OffThePool``).
  public static var offThePool: Self { OffThePool() }
}

/// Runs an async test of an ``OffThePool`` suite on two threads of its own: a test that
/// awaits its child processes (``ChildProcess``) rather than blocking on them holds no thread
/// while it waits, and after each await goes on on a thread nothing else uses, rather than
/// behind the suite's synchronous tests (on ``TestThreads``) or the unit tests' work (on Swift's
/// shared pool). Its recorded time still counts from its first thread to its end: in a full
/// run these tests have been seen to end together, 145 s in, although each takes about a
/// second alone, so something else in the run holds them up (not found yet).
public struct OnThreadsOfItsOwn: TestTrait, TestScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await TestThreads.withThreads(2) { try await function() }
  }
}

extension Trait where Self == OnThreadsOfItsOwn {
  /// Runs the async test on two threads of its own (see ``OnThreadsOfItsOwn``).
  public static var onThreadsOfItsOwn: Self { OnThreadsOfItsOwn() }
}
