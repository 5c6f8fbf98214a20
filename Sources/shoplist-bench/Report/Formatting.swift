import Foundation

/// `1234567` as `1,234,567`.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (offset, digit) in digits.enumerated() {
    if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
    result.append(digit)
  }
  return value < 0 ? "-" + result : result
}

/// Seconds in the unit that suits them: `850 ns`, `12.4 µs`, `3.71 ms`, `1.52 s`.
func duration(_ seconds: Double) -> String {
  switch seconds {
  case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
  case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
  case ..<1: String(format: seconds < 0.1 ? "%.2f ms" : "%.1f ms", seconds * 1e3)
  default: String(format: "%.2f s", seconds)
  }
}

/// Bytes in megabytes (10⁶ bytes), as the targets state them.
func megabytes(_ bytes: Int) -> String {
  String(format: bytes < 10_000_000 ? "%.1f MB" : "%.0f MB", Double(bytes) / 1e6)
}

/// A ratio: `1.14×`, `0.021×`.
func ratio(_ value: Double) -> String {
  String(format: value < 0.1 ? "%.3f×" : "%.2f×", value)
}

/// Operations per second: `1,234,567/s`.
func rate(_ perOperation: Double) -> String {
  guard perOperation > 0 else { return "—" }
  return grouped(Int((1 / perOperation).rounded())) + "/s"
}

extension Target {
  var text: String {
    switch self {
    case let .atMost(limit): "≤ \(Self.number(limit))×"
    case let .fasterBy(factor): "≤ \(Self.number(1 / factor))× (\(Self.number(factor))× faster)"
    case let .peakRSSAtMost(bytes): "peak RSS ≤ \(megabytes(bytes))"
    case let .secondsAtMost(limit): "median ≤ \(Self.number(limit)) s"
    case let .atLeast(limit): "≥ \(Self.number(limit))× (no slower)"
    }
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

extension Verdict {
  var text: String {
    switch self {
    case .pass: "PASS"
    case .miss: "**MISS**"
    case .notMeasured: "n/a"
    }
  }
}
