import ShoppingCore

/// Parses the plain forms of the everyday commands (`add`, `toggle`, `check`, `uncheck`,
/// `remove`, `list`) without the argument parser, whose reflection over the command's option
/// types costs a single-item command more than its work on the database.
///
/// It accepts only what it fully understands: long options with their values (`--db PATH`,
/// `--db=PATH`), `-l NAME`, `-q`, and plain values. Anything else — help, short option
/// clusters, a value that looks like an option, a repeated option, a bad number — yields `nil`,
/// and the argument parser handles the invocation, messages and all. A test checks that every
/// invocation it accepts means the same to the argument parser.
enum QuickParser {
  static func parse(_ arguments: [String]) -> Invocation? {
    guard let name = arguments.first, let kind = Kind(rawValue: name) ?? alias(name) else {
      return nil
    }
    var settings = CommandSettings()
    var fields = FieldValues()
    var filter = ListFilter()
    var positionals: [String] = []
    var seen: Set<String> = []
    var index = 1
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let option = String(parts[0])
      guard seen.insert(canonical(option)).inserted else { return nil }
      if parts.count == 1, let flag = Flag(rawValue: option) {
        guard flag.apply(to: &settings, filter: &filter, kind: kind) else { return nil }
        continue
      }
      let value: String
      if parts.count == 2 {
        guard option.hasPrefix("--") else { return nil }
        value = String(parts[1])
      } else {
        guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
        value = arguments[index]
        index += 1
      }
      switch (option, kind) {
      case ("--db", _): settings.db = value
      case ("--list", _), ("-l", _): settings.list = value
      case ("--wait", _):
        guard let wait = Double(value), CommandSettings.isValidWait(wait) else { return nil }
        settings.wait = wait
      case ("--quantity", .add): fields.quantity = value
      case ("--unit", .add): fields.unit = value
      case ("--category", .add): fields.category = value
      case ("--note", .add): fields.note = value
      case ("--category", .list): filter.category = value
      default: return nil
      }
    }
    return invocation(kind, settings: settings, fields: fields, filter: filter, positionals)
  }

  private enum Kind: String {
    case add, check, list, remove, toggle, uncheck
  }

  private enum Flag: String {
    case checked = "--checked"
    case json = "--json"
    case noColor = "--no-color"
    case quiet = "--quiet"
    case quietShort = "-q"
    case trace = "--trace"
    case unchecked = "--unchecked"

    func apply(to settings: inout CommandSettings, filter: inout ListFilter, kind: Kind) -> Bool {
      switch self {
      case .checked:
        guard kind == .list else { return false }
        filter.checked = true
      case .json: settings.json = true
      case .noColor: settings.noColor = true
      case .quiet, .quietShort: settings.quiet = true
      case .trace: settings.trace = true
      case .unchecked:
        guard kind == .list else { return false }
        filter.unchecked = true
      }
      return true
    }
  }

  private static func alias(_ name: String) -> Kind? {
    switch name {
    case "ls": .list
    case "rm": .remove
    default: nil
    }
  }

  /// Spellings of one option count as one when looking for repeats.
  private static func canonical(_ option: String) -> String {
    switch option {
    case "-l": "--list"
    case "-q": "--quiet"
    default: option
    }
  }

  private static func invocation(
    _ kind: Kind, settings: CommandSettings, fields: FieldValues, filter: ListFilter,
    _ positionals: [String]
  ) -> Invocation? {
    let request: Invocation.Request
    switch kind {
    case .list:
      guard positionals.isEmpty, !(filter.checked && filter.unchecked) else { return nil }
      request = .list(filter)
    case .add:
      guard !positionals.isEmpty else { return nil }
      request = .add(names: positionals, fields: fields)
    case .remove:
      guard !positionals.isEmpty else { return nil }
      request = .remove(references: positionals)
    case .toggle, .check, .uncheck:
      guard !positionals.isEmpty else { return nil }
      let action: ProductAction =
        kind == .toggle ? .toggled : kind == .check ? .checked : .unchecked
      request = .mark(action, references: positionals)
    }
    return Invocation(settings: settings, request: request)
  }
}
