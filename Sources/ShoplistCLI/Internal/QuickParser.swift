import ArgumentParser

/// The fast path of the everyday commands: it reads a command's values from its own
/// ``QuickGrammar`` — the command's options, each mapped to the value the argument parser
/// gives for it — without the parser's reflection over the command's types, which costs a
/// single-item command a quarter of its time (see BENCHMARKS.md), and without even making the
/// command: its properties' wrappers describe their options as they are made, and the first
/// description costs the Swift run time a scan of every protocol conformance in the binary.
///
/// It accepts only what the grammar fully covers: long options with their values (`--db PATH`,
/// `--db=PATH`), the short options `-l NAME` and `-q`, and plain values. Anything else — help,
/// an unknown or repeated option, a value that looks like an option — yields `nil`, and the
/// argument parser handles the invocation, messages and all. Tests check every grammar
/// against the argument parser's own description of the command, and every reading against
/// the argument parser's.
enum QuickParser {
  /// The commands with a fast path, by every name they answer to (tests check that these are
  /// the names their configurations give: reading a configuration costs every run more than
  /// the command's own work of parsing).
  static let names: [(name: String, type: any QuickParsable.Type)] = [
    ("add", AddCommand.self), ("check", CheckCommand.self), ("history", HistoryCommand.self),
    ("import", ImportCommand.self), ("list", ListCommand.self), ("ls", ListCommand.self),
    ("redo", RedoCommand.self), ("remove", RemoveCommand.self), ("rm", RemoveCommand.self),
    ("toggle", ToggleCommand.self), ("uncheck", UncheckCommand.self), ("undo", UndoCommand.self),
  ]

  static func parse(_ arguments: [String]) -> QuickInvocation? {
    guard let name = arguments.first, let type = names.first(where: { $0.name == name })?.type
    else { return nil }
    return type.invocation(arguments.dropFirst())
  }
}

/// A command the fast path read: its global options, and its work.
struct QuickInvocation {
  let settings: CommandSettings
  /// Does the command's work.
  let run: (CommandContext) throws -> Void
  /// The command and its values, spelled out: to compare with the argument parser's reading.
  let reading: () -> String
}

/// The values of a command with a fast path, as plain values: what the argument parser's
/// properties hold once parsed, each with the same default.
protocol QuickValues: Equatable, Sendable {
  init()
  /// The global options.
  var settings: CommandSettings { get set }
  /// Whether the values are valid together (as the command's `validate()` says): when not,
  /// the argument parser reads the command again and reports the problem.
  var isValid: Bool { get }
}

extension QuickValues {
  var isValid: Bool { true }
}

/// A command with a fast path: its grammar names every option and argument it has, and its
/// work is done from its values alone.
protocol QuickParsable: ShoplistCommand {
  associatedtype Values: QuickValues
  static var grammar: QuickGrammar<Values> { get }
  /// The values the argument parser read.
  var values: Values { get }
  /// Does the command's work with `values`.
  static func run(_ values: Values, in context: CommandContext) throws
}

extension QuickParsable {
  func run(in context: CommandContext) throws {
    try Self.run(values, in: context)
  }
}

/// How the fast path fills in a command's values: every spelling of every option, the value it
/// sets, and where the plain values go.
///
/// Each option is a function that sets its value, not a key path: the Swift run time makes
/// each key path on its first use, class metadata and all, at a cost the command line's
/// every run would pay.
struct QuickGrammar<Values>: Sendable {
  /// Sets a flag's value.
  typealias Flag = @Sendable (inout Values) -> Void
  /// Sets an option's value from its text, or says the text is not valid (the argument parser
  /// then reports it).
  typealias Option = @Sendable (inout Values, String) -> Bool

  /// Flags by spelling (`--json`, `-q`).
  var flags: [String: Flag] = [:]
  /// Options with a value by spelling.
  var options: [String: Option] = [:]
  /// Other spellings of an option and the option they spell, to refuse an option given twice
  /// (a short list: a dictionary of strings would cost every run the run time's check that
  /// strings are hashable, a scan of the executable's conformance records).
  var aliases: [(spelling: String, option: String)] = []
  /// Where the plain values go (`nil`: the command takes none): sets them, or says they are
  /// not valid (the argument parser then reports it); and whether there must be one at least.
  var positionals: (@Sendable (inout Values, [String]) -> Bool)?
  var requiresPositionals = false

  /// An option whose value is taken as written, by `set`.
  static func text(_ set: @escaping @Sendable (inout Values, String) -> Void) -> Option {
    { values, text in
      set(&values, text)
      return true
    }
  }

  /// Every spelling the grammar knows.
  var spellings: Set<String> { Set(flags.keys).union(options.keys) }

  /// The options of `other` (an option group such as the global options) inside this one:
  /// `place` hands the group within the values to a change, and returns what the change says.
  mutating func include<Group>(
    _ other: QuickGrammar<Group>,
    at place: @escaping @Sendable (inout Values, (inout Group) -> Bool) -> Bool
  ) {
    for (name, flag) in other.flags {
      flags[name] = { values in
        _ = place(&values) { group in
          flag(&group)
          return true
        }
      }
    }
    for (name, option) in other.options {
      options[name] = { values, text in place(&values) { option(&$0, text) } }
    }
    aliases += other.aliases
  }
}

extension QuickParsable {
  /// Every option spelling the fast path knows for this command: its own and the global ones.
  static var spellings: Set<String> { grammar.spellings.union(GlobalOptions.grammar.spellings) }

  /// Whether the command takes plain values.
  static var hasPositionals: Bool { grammar.positionals != nil }

  /// The command `arguments` make, or `nil` when the grammar does not cover them all.
  static func invocation(_ arguments: ArraySlice<String>) -> QuickInvocation? {
    guard let values = values(arguments) else { return nil }
    return QuickInvocation(
      settings: values.settings, run: { try run(values, in: $0) },
      reading: { "\(Self.self) \(values)" })
  }

  /// The values `arguments` give, or `nil` when the grammar does not cover them all.
  static func values(_ arguments: ArraySlice<String>) -> Values? {
    // The command's own options, then the global ones, which every command takes (read from
    // one grammar, not copied into each command's).
    let grammar = Self.grammar
    let global = GlobalOptions.grammar
    var values = Values()
    var positionals: [String] = []
    // A list, not a set: a command has a handful of options, and a set of strings would cost
    // the run time a check that strings are hashable, a scan of every conformance record.
    var seen: [String] = []
    var index = arguments.startIndex
    var onlyPositionals = false
    while index < arguments.endIndex {
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
      let name = String(parts[0])
      let canonical =
        grammar.aliases.first { $0.spelling == name }?.option
        ?? global.aliases.first { $0.spelling == name }?.option ?? name
      guard !seen.contains(canonical) else { return nil }
      seen.append(canonical)
      if parts.count == 1 {
        if let flag = grammar.flags[name] {
          flag(&values)
          continue
        }
        if let flag = global.flags[name] {
          flag(&values.settings)
          continue
        }
      }
      let option: (inout Values, String) -> Bool
      if let own = grammar.options[name] {
        option = own
      } else if let globalOption = global.options[name] {
        option = { values, text in globalOption(&values.settings, text) }
      } else {
        return nil
      }
      let value: String
      if parts.count == 2 {
        guard name.hasPrefix("--") else { return nil }
        value = String(parts[1])
      } else {
        guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
        value = arguments[index]
        index += 1
      }
      guard option(&values, value) else { return nil }
    }
    if let setPositionals = grammar.positionals {
      guard !grammar.requiresPositionals || !positionals.isEmpty,
        setPositionals(&values, positionals)
      else { return nil }
    } else if !positionals.isEmpty {
      return nil
    }
    guard values.isValid else { return nil }
    return values
  }
}
