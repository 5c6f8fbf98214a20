import Foundation

/// The report's tables.
enum Tables {
  static func commands(_ groups: [ResultGroup]) -> String {
    var table = MarkdownTable(
      header: [
        "benchmark", "items", "tool", "median", "p90", "peak RSS", "shoplist ÷ tool", "target",
        "result",
      ],
      rightAligned: [1, 3, 4, 5, 6]
    )
    for group in groups {
      for line in group.lines {
        var cells = [group.benchmark, grouped(group.items), line.tool]
        switch line.outcome {
        case let .measured(timing):
          cells += [
            duration(timing.seconds.median), duration(timing.seconds.p90),
            megabytes(timing.peakRSSBytes), group.ratio(of: line).map(ratio) ?? "",
          ]
        case let .skipped(reason):
          cells += [reason, "", "", ""]
        case let .unavailable(reason):
          cells += ["unavailable: " + escaped(reason), "", "", ""]
        case let .failed(reason):
          cells += ["failed: " + escaped(reason), "", "", ""]
        }
        cells += [line.target?.text ?? "", group.verdict(of: line)?.text ?? ""]
        table.rows.append(cells)
      }
    }
    return table.text
  }

  static func concurrency(_ results: [ConcurrencyResult]) -> String {
    var table = MarkdownTable(
      header: [
        "benchmark", "tool", "processes × adds", "repeats", "failures", "lost", "wall time",
        "target", "result",
      ],
      rightAligned: [3, 4, 5, 6]
    )
    for result in results {
      let shape = "\(result.processes) × \(result.addsEach)"
      guard let seconds = result.seconds else {
        table.rows.append([
          "concurrent add", result.tool, shape, "0", "", "", escaped(result.note ?? "not run"),
          "", "",
        ])
        continue
      }
      var wall = duration(seconds.median)
      if let note = result.note { wall += " (first failure: \(escaped(note)))" }
      table.rows.append([
        "concurrent add", result.tool, shape, String(result.repeats), grouped(result.failures),
        grouped(result.lost), wall, result.hasTarget ? "0 failures, 0 lost" : "",
        result.verdict?.text ?? "",
      ])
    }
    return table.text
  }

  /// A serve line's measured value, with its note.
  private static func measured(_ result: ServeResult) -> String {
    guard let note = result.note else { return result.value }
    return result.value + (result.value.isEmpty ? escaped(note) : " (\(escaped(note)))")
  }

  static func serve(_ results: [ServeResult]) -> String {
    var table = MarkdownTable(
      header: [
        "serve benchmark", "server", "measured", "median", "tail", "÷ floor", "target", "result",
      ],
      rightAligned: [2, 3, 4, 5]
    )
    for result in results {
      table.rows.append([
        result.benchmark, result.tool, measured(result), result.p50 ?? "", result.tail ?? "",
        result.ratio ?? "", result.target ?? "", result.met.map { $0 ? "PASS" : "**MISS**" } ?? "",
      ])
    }
    return table.text
  }

  /// The PostgreSQL serve lines: each group's first line is the reference the others are
  /// divided by.
  static func postgresServe(_ results: [ServeResult]) -> String {
    var table = MarkdownTable(
      header: [
        "PostgreSQL serve benchmark", "server", "measured", "median", "tail", "÷ first line",
      ],
      rightAligned: [2, 3, 4, 5]
    )
    for result in results {
      table.rows.append([
        result.benchmark, result.tool, measured(result), result.p50 ?? "", result.tail ?? "",
        result.ratio ?? "",
      ])
    }
    return table.text
  }

  static func micro(_ results: [MicroResult]) -> String {
    var table = MarkdownTable(
      header: ["micro-benchmark", "items", "median", "p90", "per second"],
      rightAligned: [1, 2, 3, 4]
    )
    for result in results {
      table.rows.append([
        result.benchmark, grouped(result.items),
        duration(result.perOperation.median) + " / " + result.unit,
        duration(result.perOperation.p90),
        rate(result.perOperation.median).replacingOccurrences(of: "/s", with: " \(result.unit)s/s"),
      ])
    }
    return table.text
  }

  /// Keeps a message from breaking the table.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
