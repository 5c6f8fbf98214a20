// MARK: - Choosing a mask

extension QRMatrix {
  /// The standard's penalty score (ISO/IEC 18004, 7.8.3): the lower, the easier the symbol
  /// is for a reader. It adds
  /// - for each run of five or more modules of one colour in a row or column, 3, and 1 more
  ///   for each module past five;
  /// - for each 2 × 2 block of one colour, 3;
  /// - for each pattern of the finder's proportions (dark, light, dark three times as wide,
  ///   light, dark: 1:1:3:1:1) in a row or column with light four times its unit wide on one
  ///   side, 40 (twice, with that much light on both sides): a reader could take it for a
  ///   finder. Outside the symbol counts as light, as the quiet zone there is;
  /// - 10 for each step of 5 % that the share of dark modules is away from half, the first
  ///   step free.
  ///
  /// Read as Project Nayuki's widely used QR code generator reads the standard, so that the
  /// same data gets the same mask as there.
  var penalty: Int {
    var score = 0
    var line = [Bool](repeating: false, count: size)
    for index in 0..<size {
      for position in 0..<size { line[position] = self[row: index, column: position] }
      score += Self.linePenalty(line)
      for position in 0..<size { line[position] = self[row: position, column: index] }
      score += Self.linePenalty(line)
    }
    for row in 0..<size - 1 {
      for column in 0..<size - 1 {
        let colour = self[row: row, column: column]
        if self[row: row, column: column + 1] == colour,
          self[row: row + 1, column: column] == colour,
          self[row: row + 1, column: column + 1] == colour
        {
          score += 3
        }
      }
    }
    let dark = modules.count(where: { $0 })
    let total = size * size
    score += 10 * ((abs(dark * 20 - total * 10) + total - 1) / total - 1)
    return score
  }

  /// The penalty of one row or column: its long runs and its finder-like patterns.
  static func linePenalty(_ line: [Bool]) -> Int {
    // The lengths of the runs of one colour, light first (of length 0 when the line starts
    // dark) and last, the light outside the symbol added to the first and the last.
    var runs: [Int] = []
    var colour = false
    var length = line.count
    var score = 0
    for module in line {
      if module == colour {
        length += 1
        continue
      }
      runs.append(length)
      colour = module
      length = 1
    }
    runs.append(length)
    if colour { runs.append(0) }
    runs[runs.count - 1] += line.count
    // Long runs, inside the symbol only.
    for (index, run) in runs.enumerated() {
      let inside = run - (index == 0 ? line.count : 0) - (index == runs.count - 1 ? line.count : 0)
      if inside >= 5 { score += inside - 2 }
    }
    // Dark runs are at the odd places: light before, dark n, light n, dark 3n, light n,
    // dark n, light after.
    for dark in stride(from: 1, to: runs.count - 5, by: 2) {
      let unit = runs[dark]
      guard unit > 0, runs[dark + 1] == unit, runs[dark + 2] == 3 * unit,
        runs[dark + 3] == unit, runs[dark + 4] == unit
      else { continue }
      let (before, after) = (runs[dark - 1], runs[dark + 5])
      if before >= 4 * unit, after >= unit { score += 40 }
      if after >= 4 * unit, before >= unit { score += 40 }
    }
    return score
  }
}
