import Foundation
import ShoppingStorage
import Synchronization

@testable import ShoplistServer

/// Threads of the in-process servers' own, as `shoplist serve` has a process of its own.
///
/// Swift Testing runs suites side by side on the few threads of the cooperative pool, and some
/// keep it busy. A server whose tasks queued behind them answered seconds late under the whole
/// suite, and timing-bound checks (an idle timeout, a connection limit) failed for a reason a
/// real server never has. Its tasks, and the child tasks they start, run on these threads
/// instead, as the tasks of an executor preference (``serve(_:)``).
///
/// Such a server once never stopped: its service group's cancellation held a task's own lock
/// and waited for swift-async-algorithms' `merge` lock, which that task, hopping executors
/// inside `merge`, held while it waited for its own (both threads seen waiting in a hung run).
/// A server that does not stop within 30 s of its test's end now fails that test instead of
/// hanging the suite.
enum ServerThreads {
  /// One executor for every in-process server: two threads, like the machine's cores.
  static let shared = ThreadExecutor(count: 2, name: "shoplist-test-server")

  /// How long a server may take to stop once its test's work is done.
  static let stopping = Duration.seconds(30)

  /// Runs `serving` on these threads until it returns, or fails with
  /// ``ServerThreadsError/didNotStop`` once it has called its `ended` argument (its test's
  /// work is done) and has not returned within ``stopping``: a hung server is left behind.
  static func serve(
    _ serving: @escaping @Sendable (_ ended: @escaping @Sendable () -> Void) async throws -> Void
  ) async throws {
    let outcome = Mutex<Result<Void, any Error>?>(nil)
    let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let finish: @Sendable (Result<Void, any Error>) -> Void = { result in
      let first = outcome.withLock { current in
        defer { if current == nil { current = result } }
        return current == nil
      }
      if first { waiter.withLock { $0.take() }?.resume() }
    }
    let ended: @Sendable () -> Void = {
      Task.detached {
        try? await Task.sleep(for: stopping)
        finish(.failure(ServerThreadsError.didNotStop))
      }
    }
    Task(executorPreference: shared) {
      do {
        try await serving(ended)
        finish(.success(()))
      } catch {
        finish(.failure(error))
      }
    }
    await withCheckedContinuation { continuation in
      let done = outcome.withLock { $0 != nil }
      if done {
        continuation.resume()
      } else {
        waiter.withLock { $0 = continuation }
        // Finished between the two looks: nobody else will resume it.
        if outcome.withLock({ $0 != nil }) { waiter.withLock { $0.take() }?.resume() }
      }
    }
    try outcome.withLock { $0! }.get()
  }

  /// A change feed of `harness`'s database on these threads, looking every `interval`.
  static func feed(_ harness: Harness, interval: Duration) -> ChangeFeed {
    ChangeFeed(
      service: harness.service, interval: interval, executor: shared)
  }
}

enum ServerThreadsError: Error {
  /// The server did not stop within ``ServerThreads/stopping`` of its test's end.
  case didNotStop
}
