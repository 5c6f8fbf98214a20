import Foundation
import ShoppingStorage
import Synchronization

/// Runs async work to its end from synchronous code.
///
/// The storage protocol's transactions are synchronous and may be called on a thread of the
/// cooperative pool (a test, an embedding program). Waiting there for a task that itself needs
/// the pool deadlocks once every pool thread waits: so the task runs on a thread of its own,
/// and the caller waits for it.
enum BlockingBridge {
  private static let executor = ThreadExecutor(count: 1, name: "shoplist-postgres-bridge")

  /// Runs `work` on the bridge's thread and waits for its result.
  static func wait<T: Sendable>(
    _ work: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task(executorPreference: executor) {
      let outcome: Result<T, any Error>
      do {
        outcome = .success(try await work())
      } catch {
        outcome = .failure(error)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }
}
