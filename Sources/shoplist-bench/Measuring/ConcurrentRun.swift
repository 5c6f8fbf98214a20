import Foundation
import Synchronization

/// Runs several writers at once, each a sequence of commands, and counts what failed.
enum ConcurrentRun {
  struct Outcome {
    var failures: Int
    var firstFailure: String?
    var seconds: Double
  }

  /// Starts `processes` threads; thread `w` runs `command(w, i)` for `i` in `0..<each`, one
  /// process at a time. Returns when all have finished.
  static func run(
    processes: Int, each: Int, scratch: String,
    command: @escaping @Sendable (Int, Int) -> Invocation
  ) -> Outcome {
    let tally = Tally()
    let group = DispatchGroup()
    let clock = ContinuousClock()
    let start = clock.now
    for worker in 0..<processes {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        for index in 0..<each {
          var invocation = command(worker, index)
          invocation.standardError = "\(scratch)-\(worker).err"
          do {
            let outcome = try ChildProcess.run(invocation)
            if outcome.status != 0 {
              tally.fail(ChildProcess.failureMessage(invocation, outcome))
            }
          } catch {
            tally.fail("\(error)")
          }
        }
      }
      thread.start()
    }
    group.wait()
    let seconds = start.duration(to: clock.now).seconds
    return tally.outcome(seconds: seconds)
  }

  private final class Tally: Sendable {
    private let state = Mutex<(count: Int, first: String?)>((0, nil))

    func fail(_ message: String) {
      state.withLock { state in
        state.count += 1
        if state.first == nil { state.first = message }
      }
    }

    func outcome(seconds: Double) -> Outcome {
      state.withLock { Outcome(failures: $0.count, firstFailure: $0.first, seconds: seconds) }
    }
  }
}
