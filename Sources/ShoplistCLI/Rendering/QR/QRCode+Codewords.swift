// MARK: - Data and error correction codewords

extension QRCode {
  /// How a version's codewords are split at level M: each block's data codewords, the error
  /// correction codewords every block gets (ISO/IEC 18004, table 9).
  struct Blocks {
    /// Error correction codewords per block.
    let correction: Int
    /// The data codewords of each block, shorter blocks first.
    let data: [Int]

    var dataCount: Int { data.reduce(0, +) }
  }

  /// Level M's blocks for versions 1 to 10.
  static func blocks(ofVersion version: Int) -> Blocks {
    switch version {
    case 1: Blocks(correction: 10, data: [16])
    case 2: Blocks(correction: 16, data: [28])
    case 3: Blocks(correction: 26, data: [44])
    case 4: Blocks(correction: 18, data: [32, 32])
    case 5: Blocks(correction: 24, data: [43, 43])
    case 6: Blocks(correction: 16, data: [27, 27, 27, 27])
    case 7: Blocks(correction: 18, data: [31, 31, 31, 31])
    case 8: Blocks(correction: 22, data: [38, 38, 39, 39])
    case 9: Blocks(correction: 22, data: [36, 36, 36, 37, 37])
    default: Blocks(correction: 26, data: [43, 43, 43, 43, 44])
    }
  }

  /// The bits of the character count: 8 up to version 9, 16 from version 10.
  static func countBits(ofVersion version: Int) -> Int { version < 10 ? 8 : 16 }

  /// How many bytes a version holds in byte mode at level M.
  static func capacity(ofVersion version: Int) -> Int {
    (blocks(ofVersion: version).dataCount * 8 - 4 - countBits(ofVersion: version)) / 8
  }

  /// Every codeword of the symbol in the order they are placed: the data codewords of the
  /// blocks interleaved, then their error correction codewords interleaved.
  static func codewords(of bytes: [UInt8], version: Int) -> [UInt8] {
    let layout = blocks(ofVersion: version)
    let data = dataCodewords(of: bytes, version: version, count: layout.dataCount)
    var blocks: [[UInt8]] = []
    var start = 0
    for count in layout.data {
      blocks.append(Array(data[start..<start + count]))
      start += count
    }
    let divisor = ReedSolomon.divisor(degree: layout.correction)
    let corrections = blocks.map { ReedSolomon.remainder(of: $0, divisor: divisor) }
    var result: [UInt8] = []
    for index in 0..<(layout.data.max() ?? 0) {
      for block in blocks where index < block.count { result.append(block[index]) }
    }
    for index in 0..<layout.correction {
      for correction in corrections { result.append(correction[index]) }
    }
    return result
  }

  /// The data codewords: byte mode's indicator, the count, the bytes, a terminator, and the
  /// standard's pad codewords up to `count`.
  static func dataCodewords(of bytes: [UInt8], version: Int, count: Int) -> [UInt8] {
    var bits = BitBuffer()
    bits.append(0b0100, count: 4)
    bits.append(bytes.count, count: countBits(ofVersion: version))
    for byte in bytes { bits.append(Int(byte), count: 8) }
    let capacity = count * 8
    bits.append(0, count: min(4, capacity - bits.count))
    bits.append(0, count: (8 - bits.count % 8) % 8)
    var codewords = bits.bytes
    var pad: UInt8 = 0xEC
    while codewords.count < count {
      codewords.append(pad)
      pad = pad == 0xEC ? 0x11 : 0xEC
    }
    return codewords
  }
}

/// Bits appended most significant first.
struct BitBuffer {
  private(set) var bits: [Bool] = []

  var count: Int { bits.count }

  mutating func append(_ value: Int, count: Int) {
    for shift in stride(from: count - 1, through: 0, by: -1) {
      bits.append(value >> shift & 1 == 1)
    }
  }

  /// The bits as bytes, the last one filled with zeros.
  var bytes: [UInt8] {
    stride(from: 0, to: bits.count, by: 8).map { start in
      var byte: UInt8 = 0
      for offset in 0..<8 {
        byte = byte << 1 | (start + offset < bits.count && bits[start + offset] ? 1 : 0)
      }
      return byte
    }
  }
}

/// Reed–Solomon error correction over GF(256) with the QR code's polynomial
/// x⁸ + x⁴ + x³ + x² + 1.
enum ReedSolomon {
  /// The generator polynomial of `degree` error correction codewords, (x − α⁰)…(x − αⁿ⁻¹),
  /// its coefficients from the highest power down, the leading 1 left out.
  static func divisor(degree: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: degree)
    result[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        result[index] = multiply(result[index], root)
        if index + 1 < degree { result[index] ^= result[index + 1] }
      }
      root = multiply(root, 0x02)
    }
    return result
  }

  /// The error correction codewords of `data`: the remainder of its polynomial, times xⁿ,
  /// divided by `divisor`.
  static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: divisor.count)
    for byte in data {
      let factor = byte ^ result.removeFirst()
      result.append(0)
      for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
    }
    return result
  }

  /// The product of two elements of GF(256).
  static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
    var product = 0
    for shift in stride(from: 7, through: 0, by: -1) {
      product = (product << 1) ^ ((product >> 7) * 0x11D)
      product ^= Int(y >> UInt8(shift) & 1) * Int(x)
    }
    return UInt8(product)
  }
}
