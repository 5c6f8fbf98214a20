/// One tool's part in a row: how to set up each run (untimed), the command to time, and how to
/// tidy up after it (untimed).
struct Contender {
  /// The name in the report: `shoplist`, `sqlite3`, `task`, `todo-txt`, or a variant.
  let tool: String
  /// Runs before each timed command; the argument is the iteration, warm-ups included.
  var prepare: (Int) throws -> Void = { _ in }
  /// The timed command of an iteration.
  let command: (Int) -> Invocation
  /// Runs after each timed command.
  var cleanup: (Int) throws -> Void = { _ in }
}

/// What a contender's runs came to.
enum ContenderResult {
  case measured(Timing)
  /// A run failed: the message names the exit status and the first line of standard error.
  case failed(String)
}

/// The measurements of one tool in one row.
struct Timing: Equatable, Sendable {
  let seconds: Summary
  /// The largest peak RSS of any run.
  let peakRSSBytes: Int
}
