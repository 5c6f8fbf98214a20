import ArgumentParser

/// The fast path of the everyday commands: it fills in a command from its own
/// ``QuickGrammar`` — the command's options, each mapped to the property the argument parser
/// declares for it — without the parser's reflection over the command's types, which costs a
/// single-item command a quarter of its time (see BENCHMARKS.md).
///
/// It accepts only what the grammar fully covers: long options with their values (`--db PATH`,
/// `--db=PATH`), the short options `-l NAME` and `-q`, and plain values. Anything else — help,
/// an unknown or repeated option, a value that looks like an option — yields `nil`, and the
/// argument parser handles the invocation, messages and all. A test checks every grammar
/// against the argument parser's own description of the command.
enum QuickParser {
  /// The commands with a fast path, by every name they answer to.
  static let commands: [String: any QuickParsable.Type] = {
    var commands: [String: any QuickParsable.Type] = [:]
    let types: [any QuickParsable.Type] = [
      AddCommand.self, CheckCommand.self, HistoryCommand.self, ListCommand.self,
      RedoCommand.self, RemoveCommand.self, ToggleCommand.self, UncheckCommand.self,
      UndoCommand.self,
    ]
    for type in types {
      for name in [type.configuration.commandName ?? ""] + type.configuration.aliases {
        commands[name] = type
      }
    }
    return commands
  }()

  static func parse(_ arguments: [String]) -> (any ShoplistCommand)? {
    guard let name = arguments.first, let type = commands[name] else { return nil }
    return type.quickParse(arguments.dropFirst())
  }
}

/// A command with a fast path: its grammar names every option and argument it has.
protocol QuickParsable: ShoplistCommand {
  static var grammar: QuickGrammar<Self> { get }
}

extension ParsableArguments {
  /// An instance with every property given its default by `defaults`, ready to be filled.
  static func withDefaults(_ defaults: (inout Self) -> Void) -> Self {
    var value = Self()
    defaults(&value)
    return value
  }
}

/// How the fast path fills in a command: every spelling of every option, the property it sets,
/// and where the plain values go.
struct QuickGrammar<Command> {
  /// Flags by spelling (`--json`, `-q`).
  var flags: [String: WritableKeyPath<Command, Bool>] = [:]
  /// Options with a value by spelling: each sets its property from the text, or says the text
  /// is not valid (the argument parser then reports it).
  var options: [String: (inout Command, String) -> Bool] = [:]
  /// Other spellings of an option and the option they spell, to refuse an option given twice
  /// (a short list: a dictionary of strings would cost every run the run time's check that
  /// strings are hashable, a scan of the executable's conformance records).
  var aliases: [(spelling: String, option: String)] = []
  /// Where the plain values go (`nil`: the command takes none): sets them, or says they are
  /// not valid (the argument parser then reports it); and whether there must be one at least.
  var positionals: ((inout Command, [String]) -> Bool)?
  var requiresPositionals = false
  /// Gives every property its default, as the argument parser would before parsing. It must
  /// assign each property directly: a property the argument parser declares cannot even be
  /// read before it has a value, and a write through a key path reads first.
  var defaults: (inout Command) -> Void = { _ in }

  /// Every spelling the grammar knows.
  var spellings: Set<String> { Set(flags.keys).union(options.keys) }

  /// The options of `other` (an option group such as the global options) inside this one; the
  /// group's defaults are the including grammar's to assign (see ``defaults``).
  mutating func include<Group>(
    _ other: QuickGrammar<Group>, at path: WritableKeyPath<Command, Group>
  ) {
    for (name, flag) in other.flags {
      flags[name] = path.appending(path: flag)
    }
    for (name, option) in other.options {
      options[name] = { command, text in option(&command[keyPath: path], text) }
    }
    aliases += other.aliases
  }
}

extension QuickParsable {
  /// Every option spelling the fast path knows for this command.
  static var spellings: Set<String> { grammar.spellings }

  /// Whether the command takes plain values.
  static var hasPositionals: Bool { grammar.positionals != nil }

  /// The command `arguments` make, or `nil` when the grammar does not cover them all.
  static func quickParse(_ arguments: ArraySlice<String>) -> Self? {
    let grammar = Self.grammar
    var command = Self()
    grammar.defaults(&command)
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
      let canonical = grammar.aliases.first { $0.spelling == name }?.option ?? name
      guard !seen.contains(canonical) else { return nil }
      seen.append(canonical)
      if parts.count == 1, let flag = grammar.flags[name] {
        command[keyPath: flag] = true
        continue
      }
      guard let option = grammar.options[name] else { return nil }
      let value: String
      if parts.count == 2 {
        guard name.hasPrefix("--") else { return nil }
        value = String(parts[1])
      } else {
        guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
        value = arguments[index]
        index += 1
      }
      guard option(&command, value) else { return nil }
    }
    if let setPositionals = grammar.positionals {
      guard !grammar.requiresPositionals || !positionals.isEmpty,
        setPositionals(&command, positionals)
      else { return nil }
    } else if !positionals.isEmpty {
      return nil
    }
    guard (try? command.validate()) != nil, (try? command.global.validate()) != nil else {
      return nil
    }
    return command
  }
}
