import ShoppingCore

/// Why a row of an import file cannot be imported, or why the input cannot be read on; its
/// message is `FILE:LINE: reason`.
public struct ImportError: Error, Equatable, CustomStringConvertible {
  /// The input as the user named it (`stdin` for standard input).
  public var file: String
  /// The line the row (or the problem) starts on, from 1.
  public var line: Int
  /// What is wrong.
  public var reason: Reason
  /// What can still be read of the bad row, if the error is about a row: replace mode keeps
  /// the item it names.
  public var skipped: SkippedImportRow?

  /// Creates an error.
  public init(file: String, line: Int, reason: Reason, skipped: SkippedImportRow? = nil) {
    self.file = file
    self.line = line
    self.reason = reason
    self.skipped = skipped
  }

  /// What is wrong with a row or an input.
  public enum Reason: Error, Equatable, Sendable {
    /// A name, quantity or text field the domain's rules refuse.
    case invalidField(ShoppingError)
    /// A `checked` value that is none of the accepted spellings.
    case invalidChecked(String)
    /// An `id` that is not a UUID.
    case invalidID(String)
    /// JSON that cannot be read on: what was expected.
    case invalidJSON(String)
    /// A `list` value that is not a valid list name.
    case invalidListName(ShoppingError)
    /// A text line that is a quantity and nothing else (`2 l`): no item is named.
    case onlyQuantity(String)
    /// Text that is not UTF-8.
    case invalidUTF8
    /// A CSV header without a `name` column.
    case missingNameColumn
    /// A row without a name.
    case missingName
    /// A list of a JSON document without a name.
    case missingListName
    /// A shop of a backup without a name.
    case missingShopName
    /// A shop of a backup whose name or order the domain's rules refuse.
    case invalidShop(ShoppingError)
    /// A backup whose shops hold more than ``ImportLimits/maximumSettingNames`` names.
    case tooManyShopNames
    /// A line, CSV record or JSON value longer than ``ImportLimits/maximumLineLength``.
    case lineTooLong
    /// A timestamp field that is not ISO 8601 UTC to the second.
    case invalidTimestamp(field: String, value: String)
    /// A row after a `# list:` line whose name is not valid.
    case listLineInvalid(line: Int)
    /// A JSON item that is not an object.
    case notAnItem
    /// The domain refused the row when applying it (its new name belongs to another item).
    case rejected(ShoppingError)
    /// The input could not be read: the system's words.
    case unreadable(String)
    /// A CSV quoted field still open at the end of the input.
    case unterminatedQuote
    /// A JSON document of another format.
    case unsupportedFormat(String)
    /// Bytes that are not text in the encoding the input is read in: which, and where.
    case undecodable(String)
    /// A JSON field of the wrong type.
    case wrongType(field: String, expected: String)
  }

  public var description: String {
    "\(DisplayText.escaped(file)):\(line): \(reason)"
  }

  /// The bad row as replace mode counts it: what can be read of it, or a row of which nothing
  /// can be read; `nil` when the error is not about a row (an invalid `# list:` line).
  public var skippedRow: SkippedImportRow? {
    if let skipped { return skipped }
    switch reason {
    case .invalidListName, .invalidShop, .missingShopName, .tooManyShopNames: return nil
    default: break
    }
    return SkippedImportRow(line: line, list: .unreadable)
  }
}

extension ImportError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .invalidField(error), let .rejected(error):
      error.description
    case let .invalidChecked(value):
      "invalid checked value \(Self.quoted(value)): expected true, false, 1, 0, yes, no, x "
        + "or nothing"
    case let .invalidID(value):
      "invalid id \(Self.quoted(value)): expected a UUID"
    case let .invalidJSON(detail):
      "invalid JSON: \(detail)"
    case let .invalidListName(error):
      "list: \(error)"
    case .invalidUTF8:
      "the text is not valid UTF-8"
    case .missingNameColumn:
      "the header has no \"name\" column"
    case .missingName:
      "the row has no name"
    case .missingListName:
      "the list has no name"
    case .missingShopName:
      "the shop has no name"
    case let .invalidShop(error):
      "shop: \(error)"
    case .tooManyShopNames:
      "the shops hold more than 10,000 shop and category names"
    case .lineTooLong:
      "line too long"
    case let .invalidTimestamp(field, value):
      "invalid \(field) \(Self.quoted(value)): expected a time such as 2026-11-21T10:00:00Z"
    case let .listLineInvalid(line):
      "the list named on line \(line) is not a valid list name"
    case .notAnItem:
      "an item must be a JSON object"
    case let .onlyQuantity(text):
      "\(Self.quoted(text)) is a quantity, not an item (a line starting with \\ is taken "
        + "as a name)"
    case let .undecodable(detail):
      detail
    case let .unreadable(message):
      "cannot read: \(message)"
    case .unterminatedQuote:
      "a quoted field is still open at the end of the input"
    case let .unsupportedFormat(format):
      "unsupported format \(Self.quoted(format)): expected \"shoplist/1\""
    case let .wrongType(field, expected):
      "\"\(field)\" must be \(expected)"
    }
  }

  static func quoted(_ value: String) -> String {
    DisplayText.quoted(value)
  }
}
