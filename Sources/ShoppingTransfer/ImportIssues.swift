import ShoppingCore

/// The bad rows of an import: the first ``shownLimit`` of them by line, and how many in all.
/// It grows no further whatever the number of bad rows.
public struct ImportIssues: Equatable, Sendable {
  /// How many bad rows are kept with their reasons.
  public static let shownLimit = 20

  /// The first bad rows, by line.
  public private(set) var shown: [ImportError] = []
  /// How many rows were bad in all.
  public private(set) var count = 0

  /// Whether no row had a problem.
  public var isEmpty: Bool { count == 0 }

  /// No bad rows yet.
  public init() {}

  /// Records a row the reader refused. Rows come in the order of the input, so the first ones
  /// recorded are the first by line.
  mutating func record(_ error: ImportError) {
    count += 1
    if shown.count < Self.shownLimit { shown.append(error) }
  }

  /// Records the rows the domain refused when applying them: the first of them, and how many.
  mutating func record(rejected: [RejectedRow], count rejectedCount: Int, file: String) {
    count += rejectedCount
    // Both lists hold their earliest rows, so the earliest of the two together are among them.
    let merged =
      shown
      + rejected.map {
        ImportError(file: file, line: $0.line, reason: .rejected($0.error))
      }
    shown = Array(merged.sorted { $0.line < $1.line }.prefix(Self.shownLimit))
  }

  /// The lines to show: one per bad row kept, then how many more there were.
  public var messages: [String] {
    var lines = shown.map(\.description)
    let more = count - shown.count
    if more > 0 {
      lines.append("… and \(more) more invalid row\(more == 1 ? "" : "s")")
    }
    return lines
  }
}
