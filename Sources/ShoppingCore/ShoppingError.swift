/// Why the shopping domain refused an action or a value. Every case carries the value the user
/// needs to see to fix the problem.
public enum ShoppingError: Error, Equatable, Sendable {
  /// A reference matched the start of more than one item's name.
  case ambiguousReference(String, candidates: [String], list: String)
  /// A name that is empty, too long or contains control characters after normalisation.
  case invalidName(String, problem: TextProblem)
  /// A position that is not a positive number.
  case invalidPosition(Int)
  /// A quantity that is not a positive decimal number.
  case invalidQuantity(String)
  /// A free-text field (unit, category, note) that is too long or contains control characters.
  case invalidText(field: String, value: String, problem: TextProblem)
  /// Another item of the list already has this name.
  case itemNameTaken(String, list: String)
  /// Another list already has this name.
  case listNameTaken(String)
  /// Deleting a list that still has items, without forcing it.
  case listNotEmpty(String, items: Int)
  /// An action for a list whose products were not loaded into the state.
  case listNotLoaded(String)
  /// Import rows arrived without an import having been started.
  case noImportInProgress
  /// A reference that matches no item of the list.
  case noSuchItem(String, list: String)
  /// A list name or id that matches no list.
  case noSuchList(String)
}

/// What is wrong with a piece of text.
public enum TextProblem: Equatable, Sendable {
  /// It contains a control character (shown escaped in the message).
  case controlCharacter
  /// Nothing is left after trimming.
  case empty
  /// It is longer than the limit, in characters.
  case tooLong(length: Int, limit: Int)
}

extension ShoppingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .ambiguousReference(reference, candidates, list):
      let shown = candidates.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
      let more = candidates.count > 5 ? " and \(candidates.count - 5) more" : ""
      return "\"\(reference)\" matches several items in list \"\(list)\": \(shown)\(more)"
    case let .invalidName(value, problem):
      return "invalid name \(quoted(value)): \(problem)"
    case let .invalidPosition(position):
      return "invalid position \(position): positions start at 1"
    case let .invalidQuantity(value):
      return
        "invalid quantity \(quoted(value)): expected a positive decimal number such as 2 or 0.5"
    case let .invalidText(field, value, problem):
      return "invalid \(field) \(quoted(value)): \(problem)"
    case let .itemNameTaken(name, list):
      return "an item named \"\(name)\" is already in list \"\(list)\""
    case let .listNameTaken(name):
      return "a list named \"\(name)\" already exists"
    case let .listNotEmpty(name, items):
      return "list \"\(name)\" has \(items) item\(items == 1 ? "" : "s"); use --force to delete it"
    case let .listNotLoaded(name):
      return "list \"\(name)\" was not loaded"
    case .noImportInProgress:
      return "no import in progress"
    case let .noSuchItem(reference, list):
      return "no item \"\(reference)\" in list \"\(list)\""
    case let .noSuchList(name):
      return "no list \"\(name)\""
    }
  }
}

extension TextProblem: CustomStringConvertible {
  public var description: String {
    switch self {
    case .controlCharacter: "control characters are not allowed"
    case .empty: "it is empty"
    case let .tooLong(length, limit): "\(length) characters, at most \(limit) allowed"
    }
  }
}

/// Quotes a user's value for a message, escaping what a terminal would not show.
func quoted(_ value: String) -> String {
  var text = "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\n": text += "\\n"
    case "\t": text += "\\t"
    case "\r": text += "\\r"
    default:
      if scalar.properties.generalCategory == .control {
        text += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
  }
  let limit = 60
  if text.count > limit + 1 {
    text = String(text.prefix(limit)) + "…"
  }
  return text + "\""
}
