import ArgumentParser
import Foundation

/// The rows of the report, in the order they run.
enum BenchmarkRow: String, CaseIterable, Comparable, Sendable {
  case add
  case toggle
  case list
  case references
  case history
  case `import`
  case reimport
  case concurrent
  case serve
  case postgres
  case micro

  static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }

  /// Parses `add,toggle,list`; `all` means every row.
  static func parseList(_ text: String) throws -> [BenchmarkRow] {
    var rows: Set<BenchmarkRow> = []
    for part in text.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "all" {
        rows.formUnion(allCases)
      } else if let row = BenchmarkRow(rawValue: name) {
        rows.insert(row)
      } else {
        let known = allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("unknown row \"\(name)\"; rows are \(known) or all")
      }
    }
    guard !rows.isEmpty else { throw ValidationError("--rows needs at least one row") }
    return rows.sorted()
  }
}
