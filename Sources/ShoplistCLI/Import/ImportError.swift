import ShoppingCore

/// Why a row of an import file cannot be imported, or why the input cannot be read on; its
/// message is `FILE:LINE: reason`.
struct ImportError: Error, Equatable, CustomStringConvertible {
  /// The input as the user named it (`stdin` for standard input).
  var file: String
  /// The line the row (or the problem) starts on, from 1.
  var line: Int
  /// What is wrong.
  var reason: Reason

  /// What is wrong with a row or an input.
  enum Reason: Error, Equatable, Sendable {
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
    /// Text that is not UTF-8.
    case invalidUTF8
    /// A CSV header without a `name` column.
    case missingNameColumn
    /// A row without a name.
    case missingName
    /// A list of a JSON document without a name.
    case missingListName
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
    /// A JSON field of the wrong type.
    case wrongType(field: String, expected: String)
  }

  var description: String {
    "\(file):\(line): \(reason)"
  }
}

extension ImportError.Reason: CustomStringConvertible {
  var description: String {
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
    case .notAnItem:
      "an item must be a JSON object"
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

  /// A value quoted for a one-line message: escapes what a terminal would not show, and
  /// shortens what would not fit.
  static func quoted(_ value: String) -> String {
    var text = ""
    for scalar in value.unicodeScalars.prefix(61) {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      default:
        if scalar.properties.generalCategory == .control {
          text += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return "\"" + (value.unicodeScalars.count > 60 ? text.prefix(60) + "…" : text) + "\""
  }
}
