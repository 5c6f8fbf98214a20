/// The modules of a QR code being built: the function patterns (finders, timing, alignment,
/// format and version information), which the data flows around, and the data.
struct QRMatrix {
  let version: Int
  let size: Int
  /// Row by row, `true` for a dark module.
  private(set) var modules: [Bool]
  /// Which modules belong to a function pattern rather than the data.
  private var isFunction: [Bool]

  /// A symbol of `version` with its function patterns drawn (format information for mask 0,
  /// rewritten by ``masked(_:)``) and no data.
  init(version: Int) {
    self.version = version
    size = 17 + 4 * version
    modules = Array(repeating: false, count: size * size)
    isFunction = modules
    for index in 0..<size {
      setFunction(row: 6, column: index, dark: index % 2 == 0)
      setFunction(row: index, column: 6, dark: index % 2 == 0)
    }
    drawFinder(row: 3, column: 3)
    drawFinder(row: 3, column: size - 4)
    drawFinder(row: size - 4, column: 3)
    let centres = Self.alignmentCentres(ofVersion: version)
    for row in centres {
      for column in centres {
        // Not over the finders.
        let nearFinder =
          (row == 6 && column == 6) || (row == 6 && column == centres.last)
          || (row == centres.last && column == 6)
        if !nearFinder { drawAlignment(row: row, column: column) }
      }
    }
    drawFormat(mask: 0)
    drawVersion()
  }

  /// The centres' rows and columns of the alignment patterns (ISO/IEC 18004, annex E).
  static func alignmentCentres(ofVersion version: Int) -> [Int] {
    switch version {
    case 1: []
    case 2: [6, 18]
    case 3: [6, 22]
    case 4: [6, 26]
    case 5: [6, 30]
    case 6: [6, 34]
    case 7: [6, 22, 38]
    case 8: [6, 24, 42]
    case 9: [6, 26, 46]
    default: [6, 28, 50]
    }
  }

  /// Whether the module at `row`, `column` is dark.
  subscript(row row: Int, column column: Int) -> Bool {
    modules[row * size + column]
  }

  /// Places `codewords` in the data modules, most significant bit first, in the standard's
  /// zigzag: two columns at a time from the right, up then down, skipping the vertical timing
  /// pattern. Modules left over (the remainder bits) stay light.
  mutating func place(_ codewords: [UInt8]) {
    var bit = 0
    let total = codewords.count * 8
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let row = upward ? size - 1 - step : step
        for column in [right, right - 1] where !isFunction[row * size + column] && bit < total {
          modules[row * size + column] = codewords[bit >> 3] >> (7 - UInt8(bit & 7)) & 1 == 1
          bit += 1
        }
      }
      right -= 2
    }
  }

  /// This symbol with mask `mask` applied to its data and named in its format information.
  func masked(_ mask: Int) -> QRMatrix {
    var result = self
    for row in 0..<size {
      for column in 0..<size where !isFunction[row * size + column] {
        if Self.maskInverts(mask, row: row, column: column) {
          result.modules[row * size + column].toggle()
        }
      }
    }
    result.drawFormat(mask: mask)
    return result
  }

  /// Whether mask `mask` turns over the module at `row`, `column` (ISO/IEC 18004, table 10).
  static func maskInverts(_ mask: Int, row: Int, column: Int) -> Bool {
    switch mask {
    case 0: (row + column) % 2 == 0
    case 1: row % 2 == 0
    case 2: column % 3 == 0
    case 3: (row + column) % 3 == 0
    case 4: (row / 2 + column / 3) % 2 == 0
    case 5: row * column % 2 + row * column % 3 == 0
    case 6: (row * column % 2 + row * column % 3) % 2 == 0
    default: ((row + column) % 2 + row * column % 3) % 2 == 0
    }
  }

  // MARK: - Function patterns

  private mutating func setFunction(row: Int, column: Int, dark: Bool) {
    modules[row * size + column] = dark
    isFunction[row * size + column] = true
  }

  /// A finder pattern centred on `row`, `column`, with its light separator.
  private mutating func drawFinder(row: Int, column: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let (y, x) = (row + dy, column + dx)
        guard (0..<size).contains(y), (0..<size).contains(x) else { continue }
        let ring = max(abs(dx), abs(dy))
        setFunction(row: y, column: x, dark: ring != 2 && ring != 4)
      }
    }
  }

  private mutating func drawAlignment(row: Int, column: Int) {
    for dy in -2...2 {
      for dx in -2...2 {
        setFunction(row: row + dy, column: column + dx, dark: max(abs(dx), abs(dy)) != 1)
      }
    }
  }

  /// The format information: level M and the mask, protected by a BCH(15, 5) code, twice,
  /// and the dark module beside it.
  private mutating func drawFormat(mask: Int) {
    let bits = Self.formatBits(mask: mask)
    func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
    for index in 0...5 { setFunction(row: index, column: 8, dark: bit(index)) }
    setFunction(row: 7, column: 8, dark: bit(6))
    setFunction(row: 8, column: 8, dark: bit(7))
    setFunction(row: 8, column: 7, dark: bit(8))
    for index in 9..<15 { setFunction(row: 8, column: 14 - index, dark: bit(index)) }
    for index in 0..<8 { setFunction(row: 8, column: size - 1 - index, dark: bit(index)) }
    for index in 8..<15 { setFunction(row: size - 15 + index, column: 8, dark: bit(index)) }
    setFunction(row: size - 8, column: 8, dark: true)
  }

  /// The 15 format bits of level M (`00`) and `mask`.
  static func formatBits(mask: Int) -> Int {
    let data = 0b00 << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return (data << 10 | remainder) ^ 0x5412
  }

  /// From version 7 on, the version number protected by a BCH(18, 6) code, twice.
  private mutating func drawVersion() {
    guard version >= 7 else { return }
    let bits = Self.versionBits(version)
    for index in 0..<18 {
      let dark = bits >> index & 1 == 1
      let (near, far) = (index / 3, size - 11 + index % 3)
      setFunction(row: near, column: far, dark: dark)
      setFunction(row: far, column: near, dark: dark)
    }
  }

  /// The 18 version bits of `version`.
  static func versionBits(_ version: Int) -> Int {
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    return version << 12 | remainder
  }
}
