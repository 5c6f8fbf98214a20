import Foundation

/// The threads storage blocks on: every synchronous storage call that async code makes runs
/// here, outside any task, while the task that asked waits without a thread.
///
/// Swift's shared pool has a thread per core, and a storage call mostly waits — for the disk
/// to flush a commit, for the writer before it, for a database server's answer. So a thread
/// is added whenever work arrives and every thread is busy, up to ``maximum``: work that waits
/// never holds up work that would not, and writers that wait side by side can share one
/// commit. A thread left idle for ten seconds ends. Work is taken in the order it came. The
/// storage's async `write` and `read` run here unless the engine answers them itself, and so
/// does a server's other storage work: one way off Swift's threads, whatever the front end.
///
/// ```swift
/// let summaries = try await StorageThreads.run { try service.listSummaries() }
/// ```
public enum StorageThreads {
  /// The most threads there are at once; work beyond waits for one to be free.
  public static let maximum = 128

  /// Runs `work` on one of the threads, and gives what it returned or threw.
  public static func run<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      pool.add { continuation.resume(with: Result { try work() }) }
    }
  }

  /// How many threads there are now.
  public static var count: Int { pool.threadCount }

  private static let pool = WorkPool(maximum: maximum, name: "shoplist-storage")
}

/// Threads that take closures from one queue, oldest first, started as work needs them.
private final class WorkPool: @unchecked Sendable {
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var next = 0
  private var threads = 0
  private var idle = 0
  private var started = 0
  private let maximum: Int
  private let name: String

  init(maximum: Int, name: String) {
    self.maximum = maximum
    self.name = name
  }

  var threadCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return threads
  }

  func add(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(work)
    let waiting = queue.count - next
    if waiting > idle && threads < maximum {
      threads += 1
      started += 1
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "\(name)-\(started)"
      thread.start()
    } else {
      condition.signal()
    }
    condition.unlock()
  }

  private func work() {
    condition.lock()
    while true {
      while next == queue.count {
        idle += 1
        let woken = condition.wait(until: Date(timeIntervalSinceNow: 10))
        idle -= 1
        if !woken && next == queue.count {
          threads -= 1
          condition.unlock()
          return
        }
      }
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
      condition.lock()
    }
  }
}
