// MARK: - Drawing on a terminal

extension QRCode {
  /// Modules of light margin around the symbol, as the standard asks: without it a camera
  /// cannot find the finder patterns against what surrounds them.
  static let quietZone = 4

  /// The symbol and its quiet zone drawn with block characters, two rows of modules to a
  /// line, one column to a character (a terminal's cells are about twice as tall as wide, so
  /// the modules come out square): `█` both dark, `▀` the upper dark, `▄` the lower dark, a
  /// space both light.
  ///
  /// With `colour`, every line is drawn black on white, so that the code reads the same on a
  /// dark terminal; without, dark modules are the blocks, as on paper (cameras read the
  /// reverse, light on dark, as well).
  func terminalLines(colour: Bool) -> [String] {
    let span = size + 2 * Self.quietZone
    func isDark(_ row: Int, _ column: Int) -> Bool {
      let (row, column) = (row - Self.quietZone, column - Self.quietZone)
      guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
      return self[row: row, column: column]
    }
    return stride(from: 0, to: span, by: 2).map { row in
      var line = ""
      for column in 0..<span {
        switch (isDark(row, column), isDark(row + 1, column)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      return colour ? "\u{1B}[30;107m" + line + "\u{1B}[0m" : line
    }
  }
}
