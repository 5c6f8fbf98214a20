import Foundation
import Synchronization

/// A thread that holds a ``ShoppingDatabase``'s connection on behalf of writers that wait as
/// tasks (``ShoppingDatabase/write(_:)-(_)``): a task must not block, so when the connection
/// is handed to one, this thread begins the transaction, does the task's work and the work of
/// the writers waiting behind it, commits and resumes them all.
///
/// Started by the first such writer; it ends with the database.
final class HoldingThread: @unchecked Sendable {
  private struct State {
    /// What the thread sleeps on between writers: made when it starts, the first time a
    /// writer needs it (a command that writes once never starts it).
    var wake: DispatchSemaphore?
    var stopped = false
    /// Writers the connection was handed to, for this thread to hold it for: one at a time,
    /// since only one writer holds the connection.
    var handed: [ConnectionGate.PendingWrite] = []
  }

  private let state = Mutex(State())

  /// Has the thread hold the connection, just handed to `pending`'s writer, on its behalf:
  /// starting it first if it has not been.
  func hold(_ pending: ConnectionGate.PendingWrite, for database: ShoppingDatabase) {
    let (wake, start) = state.withLock { state in
      state.handed.append(pending)
      if let wake = state.wake { return (wake, false) }
      let wake = DispatchSemaphore(value: 0)
      state.wake = wake
      return (wake, true)
    }
    if start {
      Thread.detachNewThread { [weak database, self] in
        // Named from inside: what `top -H` and a debugger show.
        Thread.current.name = "shoplist-writer"
        self.run(waking: wake) { database }
      }
    }
    wake.signal()
  }

  /// Ends the thread (once the database is gone).
  func stop() {
    let wake = state.withLock { state in
      state.stopped = true
      return state.wake
    }
    wake?.signal()
  }

  /// Holds the connection for each writer handed it, until stopped. `database` is asked
  /// anew each time, so that the thread does not keep it.
  private func run(waking wake: DispatchSemaphore, _ database: () -> ShoppingDatabase?) {
    let thread = currentThreadIdentity()
    while true {
      wake.wait()
      let (next, stopped) = state.withLock { state in
        (state.handed.isEmpty ? nil : state.handed.removeFirst(), state.stopped)
      }
      if let next {
        guard let database = database() else {
          // Not reached: a writer waiting keeps its database.
          next.end(.done(.failure(CancellationError())))
          continue
        }
        database.hold(forTask: next, on: thread)
      } else if stopped {
        return
      }
    }
  }
}
