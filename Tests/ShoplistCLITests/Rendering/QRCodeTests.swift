import Testing

@testable import ShoplistCLI

/// The QR encoder against the standard's own numbers and against whole symbols made by
/// Project Nayuki's QR code generator (qrcodegen 1.8.0, byte mode, level M, error level not
/// raised), a reference implementation: the same bytes give the same modules, module for
/// module, with the same mask chosen.
@Suite struct QRCodeTests {
  /// ISO/IEC 18004's worked example of a version 1-M symbol's error correction: its 16 data
  /// codewords and the 10 codewords that protect them.
  @Test func reedSolomonGivesTheStandardsExample() {
    let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    let divisor = ReedSolomon.divisor(degree: 10)
    #expect(
      ReedSolomon.remainder(of: data, divisor: divisor)
        == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  }

  /// The format information of level M with each mask (ISO/IEC 18004, annex C).
  @Test func formatBitsAreTheStandardsTable() {
    let table = [
      0b101010000010010, 0b101000100100101, 0b101111001111100, 0b101101101001011,
      0b100010111111001, 0b100000011001110, 0b100111110010111, 0b100101010100000,
    ]
    #expect((0..<8).map(QRMatrix.formatBits(mask:)) == table)
  }

  /// The version information of versions 7 to 10 (ISO/IEC 18004, annex D).
  @Test func versionBitsAreTheStandardsTable() {
    #expect((7...10).map(QRMatrix.versionBits) == [0x07C94, 0x085BC, 0x09A99, 0x0A4D3])
  }

  /// How many bytes each version holds at level M (ISO/IEC 18004, table 7).
  @Test func capacitiesAreTheStandardsTable() {
    #expect(
      QRCode.versions.map(QRCode.capacity(ofVersion:))
        == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
  }

  @Test(arguments: [
    (QRVectors.hello, "hello", 1, 0),
    (QRVectors.inviteLink, "http://127.0.0.1:8080/join/AbCdEfGhIjKlMnOpQrStUv", 4, 4),
    (QRVectors.fullVersion7, QRVectors.fullVersion7Text, 7, 2),
  ])
  func wholeSymbolsMatchTheReferenceEncoder(
    rows: [String], text: String, version: Int, mask: Int
  ) throws {
    let code = try QRCode(bytes: Array(text.utf8))
    #expect(code.version == version)
    #expect(code.mask == mask)
    #expect(Self.rows(of: code) == rows)
  }

  @Test func theSmallestVersionThatHoldsTheBytesIsUsed() throws {
    for (version, capacity) in zip(QRCode.versions, QRCode.versions.map(QRCode.capacity)) {
      let fits = try QRCode(bytes: [UInt8](repeating: 0x41, count: capacity))
      #expect(fits.version == version && fits.size == 17 + 4 * version)
      if version < 10 {
        let over = try QRCode(bytes: [UInt8](repeating: 0x41, count: capacity + 1))
        #expect(over.version == version + 1)
      }
    }
  }

  @Test func moreThanVersion10HoldsIsRefused() {
    #expect(throws: QRCodeError.tooLong(214, limit: 213)) {
      try QRCode(bytes: [UInt8](repeating: 0x41, count: 214))
    }
  }

  /// The mask chosen is the one of least penalty, and every mask gives the same symbol apart
  /// from the data modules and the format information.
  @Test func theMaskOfLeastPenaltyIsChosen() throws {
    let bytes = Array("https://list.example.org/join/Q7xv-2Lm_9KpZr4TbN8wYc".utf8)
    let chosen = try QRCode(bytes: bytes)
    let penalties = try (0..<8).map { mask in
      let code = try QRCode(bytes: bytes, version: nil, mask: mask)
      var matrix = QRMatrix(version: code.version)
      matrix.place(QRCode.codewords(of: bytes, version: code.version))
      #expect(matrix.masked(mask).modules == code.modules)
      return matrix.masked(mask).penalty
    }
    #expect(penalties[chosen.mask] == penalties.min())
    #expect(Set(penalties).count > 1, "the masks are told apart")
  }

  /// Penalties worked out by hand. A light line of 21 with a finder-like pattern in its
  /// middle: two light runs of 7 inside (5 each for a run of five or more), and the pattern,
  /// with light on both sides, twice 40.
  @Test func linePenaltiesWorkedByHand() {
    func line(_ text: String) -> [Bool] { text.map { $0 == "#" } }
    #expect(QRMatrix.linePenalty(line("#####")) == 3)
    #expect(QRMatrix.linePenalty(line("######.")) == 4)
    #expect(QRMatrix.linePenalty(line("#.#.#.#")) == 0)
    #expect(QRMatrix.linePenalty(line(".......#.###.#.......")) == 5 + 5 + 80)
    // Light only on one side inside, but the symbol's edge (the quiet zone) on the other.
    #expect(QRMatrix.linePenalty(line("#.###.#.#.#.")) == 40)
    // Twice the unit: 2:2:6:2:2, light four units wide after it.
    #expect(
      QRMatrix.linePenalty(line("##..######..##........#.#")) == 4 + 40 + 40 + 6)
  }

  /// The blocks drawn on a terminal are the symbol, two rows of modules to a line, inside a
  /// light margin of four modules.
  @Test(arguments: [false, true])
  func theTerminalDrawingIsTheSymbol(colour: Bool) throws {
    let code = try QRCode(bytes: Array("http://127.0.0.1:8080/join/AbCdEfGhIjKlMnOpQrStUv".utf8))
    var lines = code.terminalLines(colour: colour)
    if colour {
      #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
      lines = lines.map { String($0.dropFirst(9).dropLast(4)) }
    }
    let span = code.size + 8
    #expect(lines.count == (span + 1) / 2)
    #expect(lines.allSatisfy { $0.count == span })
    var drawn: [[Bool]] = []
    for line in lines {
      drawn.append(line.map { $0 == "█" || $0 == "▀" })
      drawn.append(line.map { $0 == "█" || $0 == "▄" })
    }
    for row in 0..<drawn.count {
      for column in 0..<span {
        let inside = (4..<4 + code.size).contains(row) && (4..<4 + code.size).contains(column)
        let expected = inside && code[row: row - 4, column: column - 4]
        #expect(drawn[row][column] == expected, "row \(row), column \(column)")
      }
    }
  }

  static func rows(of code: QRCode) -> [String] {
    (0..<code.size).map { row in
      String((0..<code.size).map { code[row: row, column: $0] ? "#" : "." })
    }
  }
}
