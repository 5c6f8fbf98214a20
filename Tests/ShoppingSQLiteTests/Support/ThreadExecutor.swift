import Foundation

/// Runs tasks that prefer it on a thread of its own, one job after another: for a test whose
/// tasks must make progress while Swift's shared threads are busy with other tests.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  /// Only used under `condition`.
  private var jobs: [UnownedJob] = []
  private var stopped = false

  init() {
    Thread.detachNewThread { [self] in run() }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs enqueued so far have run.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
