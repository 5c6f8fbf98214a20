import ShoppingCore

/// Reads a JSON document: the one `export --format json` writes
/// (`{"format": "shoplist/1", "lists": [{"name": …, "items": [ … ]}]}`), or a bare array of
/// item objects.
///
/// A backup (`export --all-lists`) also marks the default list (`"default": true`) and each
/// list's shop (`"shop": NAME`) in its list objects, and holds the shops with their orders
/// (`"shops": [{"name", "aisles", "default"}]`): they are handed out as ``settings`` once the
/// document is read, in whatever order its members come.
///
/// Streams: the document is walked with ``JSONScanner`` and items are handed out as they are
/// read, so memory stays flat however many items there are. Only a list whose `"items"` come
/// before its `"name"` (never so in exported files) keeps its rows until the name arrives.
/// Broken JSON stops the import at its line; a well-formed item that breaks the rules is one
/// bad row.
struct JSONDocumentReader: ImportReader {
  /// Where in the document the scanner is.
  private enum Position {
    case start
    case bareArray
    case document
    case lists
    case list
    case items
    case trailer
    case end
  }

  private var scanner: JSONScanner
  private let batchSize: Int
  private var position = Position.start
  /// Whether the container the scanner is in has had no element or member yet.
  private var first = true
  private var listName: String?
  private var pending: [RawRow] = []
  /// Whether the document had its `lists` member.
  private var sawLists = false
  /// Whether the document is a bare array of items.
  private var bareArray = false
  /// The list being read is marked the default one.
  private var listIsDefault = false
  /// The shop the list being read names, and the line it is named on.
  private var listShop: (name: String, line: Int)?
  /// The backup's settings read so far.
  private var backup = BackupSettingsReading()

  var settings: BackupSettings { backup.settings }

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    self.scanner = JSONScanner(input: input)
    self.batchSize = batchSize
  }

  var bytesRead: Int { scanner.input.progress }

  var notes: ImportNotes { ImportNotes(readAs: scanner.input.guessedEncoding) }

  private var source: String { scanner.input.source }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    guard position != .end else { return nil }
    var batch = ImportBatch()
    while batch.count < batchSize, position != .end {
      try step(&batch)
    }
    return batch.count == 0 && batch.lists.isEmpty && position == .end ? nil : batch
  }

  private mutating func step(_ batch: inout ImportBatch) throws(ImportError) {
    switch position {
    case .start:
      try scanner.skipByteOrderMark()
      switch try scanner.peekToken() {
      case UInt8(ascii: "["):
        try scanner.expect(UInt8(ascii: "["), "\"[\"")
        bareArray = true
        enter(.bareArray)
      case UInt8(ascii: "{"):
        try scanner.expect(UInt8(ascii: "{"), "\"{\"")
        enter(.document)
      default:
        throw scanner.failure("expected a shoplist document or an array of items")
      }

    case .bareArray:
      if try scanner.nextElement(first: &first) {
        add(try JSONItem.read(&scanner), to: &batch)
      } else {
        position = .trailer
      }

    case .document:
      guard let key = try scanner.nextMember(first: &first) else {
        position = .trailer
        return
      }
      switch key {
      case "format":
        let value = try scanner.readScalar()
        guard value == .string("shoplist/1") else {
          let shown = if case let .string(text) = value { text } else { "\(value)" }
          throw ImportError(file: source, line: scanner.line, reason: .unsupportedFormat(shown))
        }
      case "lists":
        try scanner.expect(UInt8(ascii: "["), "an array of lists")
        sawLists = true
        enter(.lists)
      case "shops":
        try backup.readShops(&scanner)
      default:
        try scanner.skipValue()
      }

    case .lists:
      if try scanner.nextElement(first: &first) {
        try scanner.expect(UInt8(ascii: "{"), "a list object")
        listName = nil
        listIsDefault = false
        listShop = nil
        pending = []
        enter(.list)
      } else {
        position = .document
        first = false
      }

    case .list:
      guard let key = try scanner.nextMember(first: &first) else {
        try finishList(&batch)
        return
      }
      switch key {
      case "name":
        guard case let .string(name) = try scanner.readScalar() else {
          throw ImportError(
            file: source, line: scanner.line,
            reason: .wrongType(field: "name", expected: "a string")
          )
        }
        do throws(ShoppingError) {
          let valid = try Naming.name(name)
          listName = valid
          batch.name(list: valid)
        } catch {
          throw ImportError(file: source, line: scanner.line, reason: .invalidListName(error))
        }
        for item in pending { add(item, to: &batch) }
        pending = []
      case "items":
        try scanner.expect(UInt8(ascii: "["), "an array of items")
        enter(.items)
      case "default":
        listIsDefault = try BackupSettingsReading.readBool(&scanner, field: "default")
      case "shop":
        listShop = (try BackupSettingsReading.readShopName(&scanner, field: "shop"), scanner.line)
      default:
        try scanner.skipValue()
      }

    case .items:
      if try scanner.nextElement(first: &first) {
        let item = try JSONItem.read(&scanner)
        if listName == nil {
          pending.append(item)
        } else {
          add(item, to: &batch)
        }
      } else {
        position = .list
        first = false
      }

    case .trailer:
      guard try scanner.peekToken() == nil else {
        throw scanner.failure("unexpected text after the document")
      }
      guard sawLists || bareArray else {
        // An object that is neither the shoplist document nor an item list: importing
        // nothing from it and calling that a success would hide the mistake.
        throw scanner.failure("expected a \"lists\" array (the document export writes)")
      }
      position = .end

    case .end:
      break
    }
  }

  private mutating func enter(_ container: Position) {
    position = container
    first = true
  }

  private mutating func finishList(_ batch: inout ImportBatch) throws(ImportError) {
    if let listName {
      backup.finishList(listName, isDefault: listIsDefault, shop: listShop)
    }
    for item in pending {
      batch.errors.append(
        ImportError(
          file: source, line: item.line, reason: .missingListName,
          skipped: SkippedImportRow(line: item.line, list: .unreadable)
        )
      )
    }
    pending = []
    position = .lists
    first = false
  }

  /// Adds an item read inside the current list (or the bare array) to the batch.
  private func add(_ item: RawRow, to batch: inout ImportBatch) {
    do throws(ImportError) {
      var row = item
      if let listName { row.list = listName }
      batch.rows.append(try row.validated(file: source))
    } catch {
      batch.errors.append(error)
    }
  }
}
