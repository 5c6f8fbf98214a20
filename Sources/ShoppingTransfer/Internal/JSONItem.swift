/// Item objects of the JSON formats: the field names of the JSON output (`name` required;
/// `quantity`, `unit`, `category`, `note`, `checked`, `list`, `id`, `addedAt`, `updatedAt`
/// optional; others such as `position` ignored). `null` clears a text field and leaves the
/// others alone.
enum JSONItem {
  /// Reads the value at the scanner as an item.
  ///
  /// - Returns: The row, its ``RawRow/problem`` set when a value is of the wrong type (the
  ///   value was consumed either way).
  /// - Throws: ``ImportError`` when the JSON itself is broken, or the item is longer than
  ///   ``ImportLimits/maximumLineLength``.
  static func read(_ scanner: inout JSONScanner) throws(ImportError) -> RawRow {
    var row = RawRow(line: scanner.line)
    let start = scanner.bytesRead
    guard try scanner.peekToken() == UInt8(ascii: "{") else {
      try scanner.skipValue()
      row.problem = .notAnItem
      return row
    }
    try scanner.expect(UInt8(ascii: "{"), "\"{\"")
    var problem: ImportError.Reason?
    var first = true
    while let key = try scanner.nextMember(first: &first) {
      let value = try scanner.readScalar()
      do throws(ImportError.Reason) {
        switch key {
        case "name": row.name = try text(value, key, emptyWhenNull: false)
        case "quantity": row.quantity = try number(value)
        case "unit": row.unit = try text(value, key, emptyWhenNull: true)
        case "category": row.category = try text(value, key, emptyWhenNull: true)
        case "note": row.note = try text(value, key, emptyWhenNull: true)
        case "checked": row.checked = try checked(value)
        case "list": row.list = try text(value, key, emptyWhenNull: false)
        case "id": row.id = try text(value, key, emptyWhenNull: false)
        case "addedAt": row.addedAt = try text(value, key, emptyWhenNull: false)
        case "updatedAt": row.updatedAt = try text(value, key, emptyWhenNull: false)
        default: break
        }
      } catch {
        problem = problem ?? error
      }
      if scanner.bytesRead - start > ImportLimits.maximumLineLength {
        throw ImportError(file: scanner.input.source, line: row.line, reason: .lineTooLong)
      }
    }
    row.problem = problem
    return row
  }

  private static func text(
    _ value: JSONScanner.Scalar, _ field: String, emptyWhenNull: Bool
  ) throws(ImportError.Reason) -> String? {
    switch value {
    case let .string(text): return text
    case .null: return emptyWhenNull ? "" : nil
    default: throw .wrongType(field: field, expected: "a string or null")
    }
  }

  private static func number(_ value: JSONScanner.Scalar) throws(ImportError.Reason) -> String? {
    switch value {
    case let .number(text), let .string(text): return text
    case .null: return nil
    default: throw .wrongType(field: "quantity", expected: "a number")
    }
  }

  private static func checked(_ value: JSONScanner.Scalar) throws(ImportError.Reason) -> String? {
    switch value {
    case let .bool(flag): return flag ? "true" : "false"
    case let .string(text): return text
    case .null: return nil
    default: throw .wrongType(field: "checked", expected: "true or false")
    }
  }
}
