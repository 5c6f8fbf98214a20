/// A one-line progress bar on stderr for a long import run from a terminal: the share of the
/// file read when its size is known, and the rows so far. Redrawn at most ten times a second.
struct ProgressBar {
  private let label: String
  private let total: Int?
  private let clock = ContinuousClock()
  private var lastDrawn: ContinuousClock.Instant?
  private var drawn = false
  private let write: @Sendable (String) -> Void

  init(label: String, total: Int?, write: @escaping @Sendable (String) -> Void) {
    self.write = write
    self.label = Output.escapingLines(label)
    self.total = total.flatMap { $0 > 0 ? $0 : nil }
  }

  mutating func update(bytes: Int, rows: Int) {
    let now = clock.now
    if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    drawn = true
    var line = "\r\u{1B}[2Kimporting \(label)"
    if let total {
      let share = min(1, Double(bytes) / Double(total))
      let width = 24
      let filled = Int(share * Double(width))
      line +=
        " [" + String(repeating: "#", count: filled)
        + String(repeating: "-", count: width - filled) + "] \(Int(share * 100))%"
    }
    line += "  \(rows) rows"
    write(line)
  }

  /// Clears the bar, so that what follows starts on a clean line.
  func finish() {
    if drawn { write("\r\u{1B}[2K") }
  }
}
