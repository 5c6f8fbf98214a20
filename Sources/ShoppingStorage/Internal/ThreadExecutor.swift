import Foundation

/// Runs tasks on threads of its own rather than the cooperative pool's.
///
/// The pool has as many threads as cores (two here), and synchronous code that blocks on one —
/// a storage transaction waiting for its database, a test waiting for a process — keeps every
/// task queued behind it waiting too, or for ever when the blocked code waits for such a task.
/// Work that must go on regardless runs here.
package final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  // `jobs` is guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  /// Starts `count` threads named `name-0`, `name-1`…, which live as long as the process.
  package init(count: Int, name: String) {
    for number in 0..<count {
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "\(name)-\(number)"
      thread.start()
    }
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Whether the calling code runs on one of this executor's threads.
  package var runsCurrentThread: Bool {
    Thread.current.threadDictionary[marker] as? Bool == true
  }

  private var marker: String { "ThreadExecutor \(ObjectIdentifier(self))" }

  private func work() {
    Thread.current.threadDictionary[marker] = true
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
