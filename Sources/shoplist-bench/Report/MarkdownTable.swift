/// A Markdown table whose columns are padded to line up in a terminal as well.
struct MarkdownTable {
  let header: [String]
  var rows: [[String]] = []
  /// Columns aligned right (numbers).
  var rightAligned: Set<Int> = []

  var text: String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let padded = header.indices.map { column in
        let cell = cells.indices.contains(column) ? cells[column] : ""
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule = header.indices.map { column in
      let dashes = String(repeating: "-", count: max(3, widths[column]))
      return rightAligned.contains(column) ? String(dashes.dropLast()) + ":" : dashes
    }
    return ([line(header), "| " + rule.joined(separator: " | ") + " |"] + rows.map(line))
      .joined(separator: "\n")
  }
}
