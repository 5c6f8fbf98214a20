import Foundation

/// The threads storage blocks on: every synchronous storage call that async code makes runs
/// here, outside any task, while the task that asked waits without a thread.
///
/// Swift's shared pool has a thread per core, and a storage call mostly waits — for the disk
/// to flush a commit, for the writer before it, for a database server's answer — so these
/// threads are more than the cores, and writers that wait side by side can share one commit.
/// Work is taken in the order it came. The storage's async `write` and `read`
/// (``ShoppingStorage/write(_:)-(_)``) run here unless the engine answers them itself, and so
/// does a server's other storage work: one way off Swift's threads, whatever the front end.
///
/// ```swift
/// let summaries = try await StorageThreads.run { try service.listSummaries() }
/// ```
public enum StorageThreads {
  /// How many threads there are.
  public static let count = 16

  /// Runs `work` on one of the threads, and gives what it returned or threw.
  public static func run<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      pool.add { continuation.resume(with: Result { try work() }) }
    }
  }

  private static let pool = WorkPool(count: count, name: "shoplist-storage")
}

/// Threads that take closures from one queue, oldest first.
private final class WorkPool: @unchecked Sendable {
  // `queue` and `next` are guarded by `condition`.
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var next = 0

  init(count: Int, name: String) {
    for number in 0..<count {
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "\(name)-\(number)"
      thread.start()
    }
  }

  func add(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(work)
    condition.signal()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while next == queue.count { condition.wait() }
      let work = queue[next]
      next += 1
      // Taken work is dropped once it is most of the queue, so the queue stays as short as
      // the work waiting.
      if next == queue.count || next > 64 && next * 2 > queue.count {
        queue.removeFirst(next)
        next = 0
      }
      condition.unlock()
      work()
    }
  }
}
