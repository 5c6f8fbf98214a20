import ShoppingCore

/// Reads an input line by line, for the formats that hold one row per line (text, NDJSON):
/// skips a leading byte-order mark, refuses lines past ``ImportLimits/maximumLineLength``, and
/// gathers batches.
struct LineRows {
  private var input: ByteReader
  private let batchSize: Int
  private var line: [UInt8] = []
  private var finished = false

  init(input: ByteReader, batchSize: Int) {
    self.input = input
    self.batchSize = batchSize
  }

  /// How far into the input reading has come, for progress.
  var bytesRead: Int { input.progress }

  /// What the input's text was read as, when auto had to guess.
  var readAs: ImportEncoding? { input.guessedEncoding }

  /// The input's name, for messages.
  var source: String { input.source }

  /// The next batch, or `nil` once the input is exhausted: `parse` adds what each line
  /// (without its line break) holds to the batch, if anything.
  mutating func nextBatch(
    _ parse: (_ line: [UInt8], _ number: Int, _ batch: inout ImportBatch) -> Void
  ) throws(ImportError) -> ImportBatch? {
    guard !finished else { return nil }
    if input.bytesRead == 0, try input.lookahead(3).elementsEqual([0xEF, 0xBB, 0xBF]) {
      try input.skip(3)
    }
    var batch = ImportBatch()
    while batch.count < batchSize {
      let number = input.line
      switch try readLine() {
      case .end:
        finished = true
      case .tooLong:
        batch.errors.append(ImportError(file: source, line: number, reason: .lineTooLong))
        guard try input.skipLine(limit: ImportLimits.maximumSkip) else {
          throw ImportError(file: source, line: number, reason: .lineTooLong)
        }
      case .line:
        parse(line, number, &batch)
      }
      if finished { break }
    }
    return batch.count == 0 && batch.lists.isEmpty && finished ? nil : batch
  }

  private enum Outcome {
    case end
    case line
    case tooLong
  }

  /// Reads the next line into `line`, without its line break.
  private mutating func readLine() throws(ImportError) -> Outcome {
    line.removeAll(keepingCapacity: true)
    guard var byte = try input.next() else { return .end }
    while byte != .lineFeed {
      guard line.count < ImportLimits.maximumLineLength else { return .tooLong }
      line.append(byte)
      guard let following = try input.next() else { break }
      byte = following
    }
    return .line
  }
}
