import ShoppingCore

/// Reads plain text: one item name per line; blank lines and lines starting with `#` (after
/// any leading white space) are skipped. A CR before the line feed is dropped.
struct TextReader: ImportReader {
  private var lines: LineRows

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    lines = LineRows(input: input, batchSize: batchSize)
  }

  var bytesRead: Int { lines.bytesRead }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    let source = lines.source
    return try lines.nextBatch { line, number in
      guard let text = String(importedUTF8: line) else {
        return .failure(ImportError(file: source, line: number, reason: .invalidUTF8))
      }
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
      do throws(ShoppingError) {
        return .success(ImportRow(line: number, name: try Naming.name(trimmed)))
      } catch {
        return .failure(ImportError(file: source, line: number, reason: .invalidField(error)))
      }
    }
  }
}
