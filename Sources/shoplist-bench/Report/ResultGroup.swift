/// One row of the report at one size: shoplist's line first (the reference of the ratios), then
/// a line per peer.
struct ResultGroup {
  /// What was measured: `add`, `toggle`, `list --json`, `import CSV`, …
  let benchmark: String
  /// Existing items before the command, or rows in the imported file.
  let items: Int
  /// The first line is the reference the ratios divide by the others.
  var lines: [ResultLine]

  /// The reference line's median divided by `line`'s: below 1, the reference is faster.
  func ratio(of line: ResultLine) -> Double? {
    guard let reference = lines.first, reference.tool != line.tool,
      case let .measured(mine) = reference.outcome,
      case let .measured(theirs) = line.outcome, theirs.seconds.median > 0
    else { return nil }
    return mine.seconds.median / theirs.seconds.median
  }

  /// Whether `line`'s target is met; `nil` when it has none.
  func verdict(of line: ResultLine) -> Verdict? {
    guard let target = line.target else { return nil }
    switch target {
    case let .atMost(limit):
      return ratio(of: line).map { $0 <= limit ? .pass : .miss } ?? .notMeasured
    case let .fasterBy(factor):
      return ratio(of: line).map { $0 * factor <= 1 ? .pass : .miss } ?? .notMeasured
    case let .peakRSSAtMost(bytes):
      guard case let .measured(timing) = line.outcome else { return .notMeasured }
      return timing.peakRSSBytes <= bytes ? .pass : .miss
    case let .atLeast(limit):
      return ratio(of: line).map { $0 >= limit ? .pass : .miss } ?? .notMeasured
    case let .secondsAtMost(limit):
      guard case let .measured(timing) = line.outcome else { return .notMeasured }
      return timing.seconds.median <= limit ? .pass : .miss
    }
  }
}

/// One tool's result in a ``ResultGroup``.
struct ResultLine {
  let tool: String
  let outcome: Outcome
  var target: Target?

  init(tool: String, outcome: Outcome, target: Target? = nil) {
    self.tool = tool
    self.outcome = outcome
    self.target = target
  }

  init(tool: String, result: ContenderResult, target: Target? = nil) {
    switch result {
    case let .measured(timing): self.init(tool: tool, outcome: .measured(timing), target: target)
    case let .failed(message): self.init(tool: tool, outcome: .failed(message), target: target)
    }
  }
}

enum Outcome {
  case measured(Timing)
  /// The tool is not installed, or the row does not apply to it.
  case skipped(String)
  /// The command does not exist or does not work yet in this build of shoplist.
  case unavailable(String)
  /// The command failed.
  case failed(String)
}

/// A goal a line is checked against.
enum Target: Equatable {
  /// shoplist's median ÷ this line's ≤ the limit ("≤ 2×").
  case atMost(Double)
  /// This line's median ÷ shoplist's ≥ the factor ("≥ 10× faster").
  case fasterBy(Double)
  /// The line's peak RSS ≤ this many bytes.
  case peakRSSAtMost(Int)
  /// The line's median ≤ this many seconds.
  case secondsAtMost(Double)
  /// shoplist's median ÷ this line's ≥ the limit: this line is no slower than the first.
  case atLeast(Double)
}

enum Verdict {
  case pass
  case miss
  /// A tool the target needs was skipped or failed.
  case notMeasured
}

/// What the concurrent-writers row found for one tool.
struct ConcurrencyResult {
  let tool: String
  let processes: Int
  let addsEach: Int
  let repeats: Int
  /// Commands that exited non-zero, over all repeats.
  let failures: Int
  /// Successful adds missing from the store afterwards, over all repeats.
  let lost: Int
  /// Median wall time of one repeat, from the first start to the last exit.
  let seconds: Summary?
  /// The first failure's message, if any; or why the tool was skipped.
  let note: String?
  /// Whether the row's target applies (it does to shoplist).
  let hasTarget: Bool

  var verdict: Verdict? {
    guard hasTarget else { return nil }
    guard seconds != nil else { return .notMeasured }
    return failures == 0 && lost == 0 ? .pass : .miss
  }
}

/// An in-process micro-benchmark's result: the time of one operation.
struct MicroResult {
  let benchmark: String
  /// Products on the list, or rows imported.
  let items: Int
  /// What one operation is: `action`, `send`, `row`.
  let unit: String
  let perOperation: Summary
}
