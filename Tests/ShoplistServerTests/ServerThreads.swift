import Foundation
import NIOPosix

@testable import ShoplistServer

/// Threads of the in-process server's own, as `shoplist serve` has a process of its own.
///
/// Swift Testing runs suites side by side on the few threads of the cooperative pool, and many
/// of them block there (on processes, on sockets). A server whose tasks queued behind those
/// answered seconds late under the whole suite, and timing-bound checks (an idle timeout, the
/// page's wait for the network) failed for a reason a real server never has. Its tasks, and
/// the child tasks they start, run on these threads instead.
final class ServerThreads: TaskExecutor, @unchecked Sendable {
  /// One executor for every in-process server: two threads, like the machine's cores.
  static let shared = ServerThreads(count: 2)

  /// Threads for the database calls of in-process servers' change feeds, which block: NIO's
  /// shared pool is busy with the other tests' blocking work.
  static let blockingPool: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 2)
    pool.start()
    return pool
  }()

  /// A change feed of `harness`'s database on these threads, looking every `interval`.
  static func feed(_ harness: Harness, interval: Duration) -> ChangeFeed {
    ChangeFeed(
      service: harness.service, interval: interval, threadPool: blockingPool, executor: shared)
  }

  // `jobs` is guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init(count: Int) {
    for number in 0..<count {
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "shoplist-test-server-\(number)"
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
