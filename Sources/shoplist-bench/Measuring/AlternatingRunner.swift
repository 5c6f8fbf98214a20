import Foundation

/// Runs the contenders of a row in turns: each iteration runs every contender once, rotating
/// which goes first (A B, B A, A B …), so that drift in the machine (cache, clock, other load)
/// falls on all of them alike. A contender whose command fails is dropped from the rest of the
/// row and reported with its error.
struct AlternatingRunner {
  /// Timed iterations.
  let runs: Int
  /// Untimed iterations first, run the same way (they warm the page cache and the binaries).
  let warmups: Int
  /// Where standard error of the timed commands goes.
  let scratch: String

  /// The measuring helper, `shoplist-bench-spawn`, when it was built.
  var helper = ChildProcess.helperPath

  func measure(_ contenders: [Contender]) -> [ContenderResult] {
    var seconds = Array(repeating: [Double](), count: contenders.count)
    var peaks = Array(repeating: 0, count: contenders.count)
    var failures: [Int: String] = [:]
    for iteration in 0..<(warmups + runs) {
      for offset in contenders.indices {
        let index = (offset + iteration) % contenders.count
        guard failures[index] == nil else { continue }
        let contender = contenders[index]
        do {
          try contender.prepare(iteration)
          var invocation = contender.command(iteration)
          invocation.standardError = scratch + "-\(index).err"
          let outcome = try ChildProcess.measure(invocation, helper: helper)
          try contender.cleanup(iteration)
          guard outcome.status == 0 else {
            failures[index] = ChildProcess.failureMessage(invocation, outcome)
            continue
          }
          if iteration >= warmups {
            seconds[index].append(outcome.seconds)
            peaks[index] = max(peaks[index], outcome.peakRSSBytes)
          }
        } catch {
          failures[index] = "\(error)"
        }
      }
    }
    return contenders.indices.map { index in
      if let failure = failures[index] { return .failed(failure) }
      guard let summary = Summary(seconds[index]) else { return .failed("no run completed") }
      return .measured(Timing(seconds: summary, peakRSSBytes: peaks[index]))
    }
  }
}
