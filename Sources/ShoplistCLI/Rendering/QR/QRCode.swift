/// A QR code (ISO/IEC 18004) of some bytes: byte mode, error correction level M (a code read
/// with up to 15 % of it damaged or badly lit), versions 1 to 10 (21 to 57 modules a side, up
/// to 213 bytes: an invite link with a long address fits). The smallest version that holds the
/// bytes is used, and of the eight masks the one the standard's penalty rules score lowest.
///
/// ```swift
/// let code = try QRCode(bytes: Array("http://192.168.1.20:8080/join/x3Kq…".utf8))
/// code.size          // 33 (version 4)
/// code[row: 0, column: 0]  // true: a finder pattern's dark corner
/// ```
struct QRCode: Equatable, Sendable {
  /// The versions this encoder makes.
  static let versions = 1...10
  /// The version: the symbol is `17 + 4 × version` modules a side.
  let version: Int
  /// The mask pattern applied to the data, 0 to 7.
  let mask: Int
  /// Modules a side.
  let size: Int
  /// Row by row, `true` for a dark module.
  let modules: [Bool]

  /// Whether the module at `row`, `column` is dark.
  subscript(row row: Int, column column: Int) -> Bool {
    modules[row * size + column]
  }

  /// The code of `bytes`, in the smallest version that holds them.
  ///
  /// - Throws: ``QRCodeError/tooLong(_:limit:)`` for more bytes than version 10 holds.
  init(bytes: [UInt8]) throws(QRCodeError) {
    try self.init(bytes: bytes, version: nil, mask: nil)
  }

  /// The code of `bytes` in `version` with `mask` when given (for comparing with other
  /// encoders), else as ``init(bytes:)`` chooses them.
  init(bytes: [UInt8], version: Int?, mask: Int?) throws(QRCodeError) {
    let fitting = Self.versions.first { Self.capacity(ofVersion: $0) >= bytes.count }
    guard let version = version ?? fitting, Self.versions.contains(version),
      bytes.count <= Self.capacity(ofVersion: version)
    else {
      throw QRCodeError.tooLong(
        bytes.count, limit: Self.capacity(ofVersion: version ?? Self.versions.upperBound))
    }
    var matrix = QRMatrix(version: version)
    matrix.place(Self.codewords(of: bytes, version: version))
    let chosen = mask ?? Self.bestMask(for: matrix)
    let final = matrix.masked(chosen)
    self.version = version
    self.mask = chosen
    self.size = final.size
    self.modules = final.modules
  }
}

extension QRCode {
  /// The mask whose symbol scores the lowest penalty; the first of equals.
  static func bestMask(for matrix: QRMatrix) -> Int {
    let penalties = (0..<8).map { matrix.masked($0).penalty }
    return penalties.indices.min { penalties[$0] < penalties[$1] } ?? 0
  }
}

/// Why bytes cannot be made a QR code.
enum QRCodeError: Error, Equatable, CustomStringConvertible {
  /// More bytes than the largest version holds.
  case tooLong(Int, limit: Int)

  var description: String {
    switch self {
    case let .tooLong(count, limit):
      "\(count) bytes are too many for a QR code of this size (at most \(limit))"
    }
  }
}
