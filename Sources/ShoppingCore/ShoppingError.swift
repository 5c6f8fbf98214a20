/// Why the shopping domain refused an action or a value. Every case carries the value the user
/// needs to see to fix the problem.
public enum ShoppingError: Error, Equatable, Sendable {
  /// A reference matched the start of more than one item's name.
  case ambiguousReference(String, candidates: [String], list: String)
  /// A shop order that names one category twice.
  case duplicateCategory(String)
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
  /// A reference that matches no item of the list; `nearest` is the name of the item it
  /// probably meant, if one is close.
  case noSuchItem(String, list: String, nearest: String? = nil)
  /// A list name or id that matches no list.
  case noSuchList(String)
  /// A list that does not exist, named where a new one would be made, but so close to one that
  /// does that it is probably a typo of it: no list is made.
  case mistypedList(String, nearest: String)
  /// No shop has this name; `nearest` is a close one, if any.
  case noSuchShop(String, nearest: String?)
  /// Another shop has this name (under normalised comparison).
  case shopNameTaken(String)
  /// A change to shops was sent to a state that has not loaded them.
  case shopsNotLoaded
}

/// What is wrong with a piece of text.
public enum TextProblem: Equatable, Sendable {
  /// It contains a control character (shown escaped in the message).
  case controlCharacter
  /// It contains an invisible character that spoofs what a reader sees; see
  /// ``Naming/isInvisible(_:)``.
  case invisibleCharacter(Unicode.Scalar)
  /// Nothing is left after trimming.
  case empty
  /// It is longer than the limit, in Unicode scalars.
  case tooLong(length: Int, limit: Int)
}

extension ShoppingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .ambiguousReference(reference, candidates, list):
      let shown = candidates.prefix(5).map { quoted($0) }.joined(separator: ", ")
      let more = candidates.count > 5 ? " and \(candidates.count - 5) more" : ""
      return "\(quoted(reference)) matches several items in list \(quoted(list)): \(shown)\(more)"
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
      return "an item named \(quoted(name)) is already in list \(quoted(list))"
    case let .listNameTaken(name):
      return "a list named \(quoted(name)) already exists"
    case let .listNotEmpty(name, items):
      return
        "list \(quoted(name)) has \(items) item\(items == 1 ? "" : "s"); use --force to delete it"
    case let .listNotLoaded(name):
      return "list \(quoted(name)) was not loaded"
    case .noImportInProgress:
      return "no import in progress"
    case let .noSuchItem(reference, list, nearest):
      let hint = nearest.map { "; did you mean \(quoted($0))?" } ?? ""
      return "no item \(quoted(reference)) in list \(quoted(list))\(hint)"
    case let .duplicateCategory(category):
      return "category \(quoted(category)) is given twice"
    case let .noSuchList(name):
      return "no list \(quoted(name))"
    case let .mistypedList(name, nearest):
      return "no list \(quoted(name)); did you mean \(quoted(nearest))?"
    case let .noSuchShop(name, nearest):
      let hint = nearest.map { "; did you mean \(quoted($0))?" } ?? ""
      return "no shop \(quoted(name))\(hint)"
    case let .shopNameTaken(name):
      return "a shop named \(quoted(name)) already exists"
    case .shopsNotLoaded:
      return "the shops were not loaded"
    }
  }
}

extension TextProblem: CustomStringConvertible {
  public var description: String {
    switch self {
    case .controlCharacter: "control characters are not allowed"
    case .empty: "it is empty"
    case let .invisibleCharacter(scalar):
      "the invisible character U+\(String(scalar.value, radix: 16, uppercase: true)) is not "
        + "allowed"
    case let .tooLong(length, limit): "\(length) characters, at most \(limit) allowed"
    }
  }
}

private func quoted(_ value: String) -> String {
  DisplayText.quoted(value)
}
