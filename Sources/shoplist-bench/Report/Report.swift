import Foundation

/// Everything one run found, and its Markdown.
struct Report {
  var machine: MachineInfo
  /// The command that produced the report, as typed.
  var commandLine: String
  var date: Date
  /// The load averages when the run started and when it ended.
  var loadAtStart = MachineInfo.loadAverage()
  var loadAtEnd = ""
  /// One line per tool: its version, or that it was skipped.
  var tools: [String]
  var commands: [ResultGroup] = []
  var concurrency: [ConcurrencyResult] = []
  var serve: [ServeResult] = []
  /// The PostgreSQL row's command groups (shoplist on PostgreSQL first) and serve lines.
  var postgres: [ResultGroup] = []
  var postgresServe: [ServeResult] = []
  var micro: [MicroResult] = []

  static let beginMarker = "<!-- shoplist-bench results: begin -->"
  static let endMarker = "<!-- shoplist-bench results: end -->"

  /// The tables, as printed on standard output.
  var tables: String {
    var parts: [String] = []
    if !commands.isEmpty { parts.append(Tables.commands(commands)) }
    if !concurrency.isEmpty { parts.append(Tables.concurrency(concurrency)) }
    if !serve.isEmpty { parts.append(Tables.serve(serve)) }
    if !postgres.isEmpty { parts.append(Tables.commands(postgres)) }
    if !postgresServe.isEmpty { parts.append(Tables.postgresServe(postgresServe)) }
    if !micro.isEmpty { parts.append(Tables.micro(micro)) }
    return parts.joined(separator: "\n\n")
  }

  /// The results section of BENCHMARKS.md, between its markers.
  var section: String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let toolLines = tools.isEmpty ? ["none (in-process only)"] : tools
    let legend =
      commands.isEmpty && postgres.isEmpty
      ? ""
      : """
      "shoplist ÷ tool" is the median of the group's first line divided by this line's: below \
      1, the first line is faster. Times are wall-clock medians over the runs, process \
      start-up included; peak RSS is the largest `ru_maxrss` of any run.


      """
    return """
      \(Self.beginMarker)
      - Machine: \(machine.summary)
      - Command: `\(commandLine)`
      - Date: \(formatter.string(from: date))
      - Load average (1, 5, 15 min): \(loadAtStart) at the start, \(loadAtEnd) at the end
      - Tools:
      \(toolLines.map { "  - \($0)" }.joined(separator: "\n"))

      \(tables)

      \(legend)\(Self.endMarker)

      """
  }

  /// Writes ``section`` to `path`: between the markers of an existing file that has them,
  /// otherwise as the whole file.
  func writeSection(to path: String) throws {
    let existing = try? String(contentsOfFile: path, encoding: .utf8)
    var text = section
    if let existing, let begin = existing.range(of: Self.beginMarker),
      let end = existing.range(of: Self.endMarker, range: begin.upperBound..<existing.endIndex)
    {
      var tail = existing[end.upperBound...]
      if tail.first == "\n" { tail = tail.dropFirst() }
      text = existing[..<begin.lowerBound] + section + tail
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
