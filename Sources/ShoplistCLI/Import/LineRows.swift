import ShoppingCore

/// Reads an input line by line, for the formats that hold one row per line (text, NDJSON):
/// skips a leading byte-order mark, drops a CR before each line feed, and gathers batches.
struct LineRows {
  private var input: ByteReader
  private let batchSize: Int
  private var line: [UInt8] = []
  private var finished = false

  init(input: ByteReader, batchSize: Int) {
    self.input = input
    self.batchSize = batchSize
  }

  var bytesRead: Int { input.bytesRead }

  /// The input's name, for messages.
  var source: String { input.source }

  /// The next batch: `parse` turns each line (without its line break) into a row or a bad row,
  /// or `nil` for a line to skip; `nil` once the input is exhausted.
  mutating func nextBatch(
    _ parse: (_ line: [UInt8], _ number: Int) -> Result<ImportRow, ImportError>?
  ) throws(ImportError) -> ImportBatch? {
    guard !finished else { return nil }
    if input.bytesRead == 0, try input.lookahead(3).elementsEqual([0xEF, 0xBB, 0xBF]) {
      try input.skip(3)
    }
    var batch = ImportBatch()
    while batch.count < batchSize {
      let number = input.line
      guard try readLine() else {
        finished = true
        break
      }
      switch parse(line, number) {
      case let .success(row)?: batch.rows.append(row)
      case let .failure(error)?: batch.errors.append(error)
      case nil: continue
      }
    }
    return batch.count == 0 && finished ? nil : batch
  }

  /// Reads the next line into `line`, without its line break; `false` at the end.
  private mutating func readLine() throws(ImportError) -> Bool {
    line.removeAll(keepingCapacity: true)
    guard var byte = try input.next() else { return false }
    while byte != .lineFeed {
      line.append(byte)
      guard let following = try input.next() else { break }
      byte = following
    }
    if line.last == .carriageReturn { line.removeLast() }
    return true
  }
}
