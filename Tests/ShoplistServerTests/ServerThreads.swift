import Foundation

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
