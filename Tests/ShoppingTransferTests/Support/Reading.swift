import Testing

@testable import ShoppingTransfer

/// Everything a reader of `format` makes of `text`, its batches joined.
func read(
  _ format: ImportFormat, _ text: String, path: String? = nil, batchSize: Int = 3
) throws(ImportError) -> ImportBatch {
  try read(format, bytes: Array(text.utf8), path: path, batchSize: batchSize)
}

func read(
  _ format: ImportFormat, bytes: [UInt8], path: String? = nil, batchSize: Int = 3
) throws(ImportError) -> ImportBatch {
  var reader = try format.makeReader(
    ByteReader(bytes: bytes, source: "in.\(format)"), path: path, batchSize: batchSize
  )
  var all = ImportBatch()
  while let batch = try reader.nextBatch() {
    #expect(batch.count <= batchSize, "a batch larger than asked for")
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
