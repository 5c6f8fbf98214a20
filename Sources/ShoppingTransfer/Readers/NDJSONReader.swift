/// Reads newline-delimited JSON (`.ndjson`, `.jsonl`): one item object per line; blank lines
/// are skipped. Each line is parsed on its own, so a broken line is one bad row and the lines
/// after it still count.
struct NDJSONReader: ImportReader {
  private var lines: LineRows

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    lines = LineRows(input: input, batchSize: batchSize)
  }

  var bytesRead: Int { lines.bytesRead }

  var notes: ImportNotes { ImportNotes(readAs: lines.readAs) }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    let source = lines.source
    return try lines.nextBatch { line, number, batch in
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
      do throws(ImportError) {
        batch.rows.append(try Self.row(line, number, source).validated(file: source))
      } catch {
        batch.errors.append(error)
      }
    }
  }

  private static func row(
    _ line: [UInt8], _ number: Int, _ source: String
  ) throws(ImportError) -> RawRow {
    var scanner = JSONScanner(input: ByteReader(bytes: line, source: source, line: number))
    let row = try JSONItem.read(&scanner)
    guard try scanner.peekToken() == nil else {
      throw scanner.failure("unexpected text after the object")
    }
    return row
  }
}
