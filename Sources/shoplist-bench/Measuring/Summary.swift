/// The median and the 90th percentile of a set of samples.
struct Summary: Equatable, Sendable {
  let median: Double
  let p90: Double
  let count: Int

  /// Summarises `samples`; `nil` when there are none.
  ///
  /// The median of an even count is the mean of the two middle samples; the p90 is the
  /// nearest-rank percentile (the smallest sample at or above 90 % of them).
  init?(_ samples: [Double]) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    let rank = Int((0.9 * Double(sorted.count)).rounded(.up))
    p90 = sorted[max(0, min(sorted.count - 1, rank - 1))]
    count = sorted.count
  }

  /// The nearest-rank `percent` percentile of `samples` (0 for none).
  static func percentile(_ percent: Double, of samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[max(0, min(sorted.count - 1, rank - 1))]
  }
}
