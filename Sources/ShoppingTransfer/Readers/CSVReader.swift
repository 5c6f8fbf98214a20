import ShoppingCore

/// Reads CSV: RFC 4180 quoting (quoted fields may hold separators, `""` and line breaks), a
/// header row whose column names say what each column holds (see ``CSVHeader``: `name`, or
/// another app's `item`, `product`, … is required; the other fields are optional; columns
/// that give no field are named in the ``notes``). The separator is the first of `,`, `;` and
/// tab in the header line, so European spreadsheets' `;` files read as they are.
///
/// Other apps' columns are read as those apps mean them: a category column of theirs keeps
/// the first part of `Dairy + Eggs` or `Dairy > Milk`, and a `status` column's words say
/// whether an item is checked.
///
/// Hand-written rather than a library: on a 1,000,000-row, 42 MB file a streaming byte reader
/// like this one took ~0.6 s and 18 MB, CSV.swift 2.5.2 ~4.7 s (and it reports a spurious read
/// error at the end of the file on Linux), and SwiftCSV cannot stream at all (422 MB).
///
/// Lenient where RFC 4180 leaves no doubt about the intent: any line end ends a record,
/// blank lines are skipped, a quote inside an unquoted field is kept as it is, and a short
/// record leaves its missing columns out (not given, so the item's fields stay as they are).
struct CSVReader: ImportReader {
  private enum Record {
    case end
    case blank
    case fields(line: Int)
    case unterminatedQuote(line: Int)
    case tooLong(line: Int)
  }

  private var input: ByteReader
  private let batchSize: Int
  private var header: CSVHeader?
  private var finished = false
  /// Ignored columns without a header that no row has had anything in yet.
  private var unnamedAndEmpty: [Int] = []
  /// Ignored columns without a header that a row had something in.
  private var unnamedWithData: Set<Int> = []
  /// The header's ``CSVHeader/categoryIsForeign`` and ``CSVHeader/checkedIsStatus``, at hand
  /// for every row.
  private var categoryIsForeign = false
  private var checkedIsStatus = false
  /// The current record's field bytes, back to back, and where each field ends; reused for
  /// every record so that reading allocates nothing per row.
  private var storage: [UInt8] = []
  private var fieldEnds: [Int] = []
  /// The byte between fields, found in the header line.
  private var separator = UInt8.comma

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    self.input = input
    self.batchSize = batchSize
  }

  var bytesRead: Int { input.progress }

  var notes: ImportNotes {
    let ignored = (header?.ignored ?? []).compactMap { column in
      guard column.header.isEmpty else { return column.header }
      return unnamedWithData.contains(column.index) ? "column \(column.index + 1)" : nil
    }
    return ImportNotes(readAs: input.guessedEncoding, ignoredColumns: ignored)
  }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    if header == nil, !finished {
      try readHeader()
    }
    guard let columns = header?.columns, !finished else { return nil }
    var batch = ImportBatch()
    // Room for a whole batch at once: growing to it moved every row read so far, many times.
    batch.rows.reserveCapacity(batchSize)
    while batch.count < batchSize {
      switch try readRecord() {
      case .end:
        finished = true
      case .blank:
        continue
      case let .unterminatedQuote(line):
        batch.errors.append(
          ImportError(file: input.source, line: line, reason: .unterminatedQuote)
        )
      case let .tooLong(line):
        batch.errors.append(ImportError(file: input.source, line: line, reason: .lineTooLong))
        guard try input.skipLine(limit: ImportLimits.maximumSkip) else {
          throw ImportError(file: input.source, line: line, reason: .lineTooLong)
        }
      case let .fields(line):
        if !unnamedAndEmpty.isEmpty { noteUnnamedColumnsWithData() }
        do throws(ImportError) {
          batch.rows.append(
            try row(line: line, columns: columns).validated(file: input.source))
        } catch {
          batch.errors.append(error)
        }
      }
      if finished { break }
    }
    return batch.count == 0 && finished ? nil : batch
  }

  private mutating func readHeader() throws(ImportError) {
    if try input.lookahead(3).elementsEqual([0xEF, 0xBB, 0xBF]) {
      try input.skip(3)
    }
    while true {
      separator = try Self.separator(in: input.lookahead(Self.headerLookahead))
      switch try readRecord() {
      case .end:
        finished = true
        return
      case .blank:
        continue
      case let .unterminatedQuote(line):
        throw ImportError(file: input.source, line: line, reason: .unterminatedQuote)
      case let .tooLong(line):
        throw ImportError(file: input.source, line: line, reason: .lineTooLong)
      case let .fields(line):
        let header = CSVHeader(
          fieldEnds.indices.map { String(decoding: field($0), as: UTF8.self) })
        guard header.columns != nil else {
          throw ImportError(file: input.source, line: line, reason: .missingNameColumn)
        }
        self.header = header
        categoryIsForeign = header.categoryIsForeign
        checkedIsStatus = header.checkedIsStatus
        unnamedAndEmpty = header.ignored.filter { $0.header.isEmpty }.map(\.index)
        return
      }
    }
  }

  /// How much of the input the separator is looked for in.
  static let headerLookahead = 64 * 1024

  /// The first of `,`, `;` and tab in the first line of `bytes`, outside quotes; a comma when
  /// there is none (a header of one column).
  static func separator(in bytes: ArraySlice<UInt8>) -> UInt8 {
    var quoted = false
    for byte in bytes {
      switch byte {
      case .quote: quoted.toggle()
      case .lineFeed where !quoted: return .comma
      case .comma, .semicolon, .tab: if !quoted { return byte }
      default: break
      }
    }
    return .comma
  }

  private func field(_ index: Int) -> ArraySlice<UInt8> {
    storage[(index == 0 ? 0 : fieldEnds[index - 1])..<fieldEnds[index]]
  }

  /// Records which ignored columns without a header the current record has something in.
  private mutating func noteUnnamedColumnsWithData() {
    let filled = unnamedAndEmpty.filter { column in
      column < fieldEnds.count && field(column).contains { $0 != 0x20 && $0 != .tab }
    }
    guard !filled.isEmpty else { return }
    unnamedWithData.formUnion(filled)
    unnamedAndEmpty.removeAll { filled.contains($0) }
  }

  private func row(line: Int, columns: CSVHeader.Columns) -> RawRow {
    // The fields are read straight from the record's bytes, and a field that is not UTF-8 is
    // noted aside: neither the bytes nor the row are retained or copied for every field.
    storage.withUnsafeBufferPointer { bytes in
      var invalid = false
      var row = RawRow(line: line)
      row.name = text(columns.name, of: bytes, &invalid)
      row.quantity = text(columns.quantity, of: bytes, &invalid)
      row.unit = text(columns.unit, of: bytes, &invalid)
      row.category = text(columns.category, of: bytes, &invalid)
      if categoryIsForeign { row.category = row.category.map(CSVHeader.foreignCategory) }
      row.note = text(columns.note, of: bytes, &invalid)
      row.checked = text(columns.checked, of: bytes, &invalid)
      if checkedIsStatus {
        row.checked = row.checked.map { CSVHeader.statusIsChecked($0) ? "true" : "false" }
      }
      row.list = text(columns.list, of: bytes, &invalid)
      row.id = text(columns.id, of: bytes, &invalid)
      row.addedAt = text(columns.addedAt, of: bytes, &invalid)
      row.updatedAt = text(columns.updatedAt, of: bytes, &invalid)
      if invalid { row.problem = .invalidUTF8 }
      return row
    }
  }

  /// The text of a column of the current record, whose bytes are `bytes`, or `nil` when the
  /// record is too short or the field is not UTF-8 (which makes the row bad, its other fields
  /// still readable: `invalid` is set).
  private func text(
    _ column: Int?, of bytes: UnsafeBufferPointer<UInt8>, _ invalid: inout Bool
  ) -> String? {
    guard let column, column < fieldEnds.count else { return nil }
    let start = column == 0 ? 0 : fieldEnds[column - 1]
    let field = UnsafeBufferPointer(rebasing: bytes[start..<fieldEnds[column]])
    guard let text = String(importedUTF8: field) else {
      invalid = true
      return nil
    }
    return text
  }

  /// Reads one record into `storage` and `fieldEnds`.
  private mutating func readRecord() throws(ImportError) -> Record {
    storage.removeAll(keepingCapacity: true)
    fieldEnds.removeAll(keepingCapacity: true)
    let line = input.line
    guard var byte = try input.next() else { return .end }
    if byte == .lineFeed { return .blank }
    var quoted = false
    var atFieldStart = true
    while true {
      if storage.count > ImportLimits.maximumLineLength { return .tooLong(line: line) }
      if quoted {
        if byte == .quote {
          if try input.peek() == .quote {
            storage.append(.quote)
            _ = try input.next()
          } else {
            quoted = false
          }
        } else {
          storage.append(byte)
        }
      } else {
        switch byte {
        case separator:
          fieldEnds.append(storage.count)
          atFieldStart = true
          guard let following = try input.next() else {
            fieldEnds.append(storage.count)
            return .fields(line: line)
          }
          byte = following
          continue
        case .lineFeed:
          fieldEnds.append(storage.count)
          return .fields(line: line)
        case .quote where atFieldStart:
          quoted = true
        default:
          storage.append(byte)
        }
      }
      atFieldStart = false
      guard let following = try input.next() else {
        if quoted { return .unterminatedQuote(line: line) }
        fieldEnds.append(storage.count)
        return .fields(line: line)
      }
      byte = following
    }
  }
}

extension UInt8 {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let quote = UInt8(ascii: "\"")
  static let comma = UInt8(ascii: ",")
  static let semicolon = UInt8(ascii: ";")
  static let tab = UInt8(ascii: "\t")
}
