import Foundation
import Testing

@testable import ShoppingTransfer

/// Everything a reader of `format` makes of `text`, its batches joined.
func read(
  _ format: ImportFormat, _ text: String, path: String? = nil, batchSize: Int = 3
) throws(ImportError) -> ImportBatch {
  try read(format, bytes: Array(text.utf8), path: path, batchSize: batchSize)
}

func read(
  _ format: ImportFormat, bytes: [UInt8], path: String? = nil, batchSize: Int = 3,
  encoding: ImportEncoding = .utf8
) throws(ImportError) -> ImportBatch {
  var reader = try format.makeReader(
    ByteReader(bytes: bytes, source: "in.\(format)", decoder: TextDecoder(encoding)), path: path,
    batchSize: batchSize
  )
  return try readAll(&reader, batchSize: batchSize)
}

/// Everything `reader` gives, its batches joined.
func readAll(
  _ reader: inout any ImportReader, batchSize: Int = ImportBatch.defaultSize
) throws(ImportError) -> ImportBatch {
  var all = ImportBatch()
  while let batch = try reader.nextBatch() {
    // A text file's bare lines wait for its style before they are rows (``TextStyle``).
    #expect(
      batch.count <= batchSize + TextStyle.maximumWaiting.lines, "a batch larger than asked for")
    all.lists += batch.lists.map { .init(name: $0.name, beforeRow: all.rows.count + $0.beforeRow) }
    all.rows += batch.rows
    all.errors += batch.errors
  }
  return all
}

/// The reasons of a batch's errors, with their lines.
func reasons(_ batch: ImportBatch) -> [(Int, ImportError.Reason)] {
  batch.errors.map { ($0.line, $0.reason) }
}

/// Reads `bytes` as a file would be read by `shoplist import FILE`: from a real file, with the
/// file's encoding checked first when `encoding` is auto. Returns the rows and the notes.
func readFile(
  _ bytes: [UInt8], named name: String = "in.csv", format: ImportFormat = .auto,
  encoding: ImportEncoding = .auto
) throws -> (batch: ImportBatch, notes: ImportNotes) {
  let folder = FileManager.default.temporaryDirectory.appending(path: "transfer-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let url = folder.appending(path: name)
  try Data(bytes).write(to: url)
  let input = try ImportInput.opening(url.path)
  defer { input.close() }
  var reader = try format.reader(for: input, encoding: encoding)
  let batch = try readAll(&reader)
  return (batch, reader.notes)
}
