import ArgumentParser
import ShoppingCore

/// What the argument parser would get wrong, found before it runs: a word such as `-fresh`,
/// which it reads as a cluster of short flags containing `-h` (help, exit 0, nothing done), an
/// unknown command, which it reports as stray arguments, and `help` for a command that does
/// not exist, for which it prints the general help and succeeds.
enum ArgumentCheck {
  /// The short options shoplist has: `-l NAME`, `-q`, `-h`.
  static let shortOptions: Set<String> = ["-l", "-q", "-h"]

  /// The usage error `arguments` (global options already after the command) make, if any.
  static func problem(in arguments: [String]) -> CommandError? {
    guard let first = arguments.first else { return nil }
    if !first.hasPrefix("-") {
      if first == "help" {
        return unknownHelpTopic(Array(arguments.dropFirst()))
      }
      guard command(named: first, in: Shoplist.self) != nil else {
        return unknownCommand(first, in: Shoplist.self)
      }
    }
    for argument in arguments {
      if argument == "--" { break }
      if isUnknownShortOption(argument) {
        return .usage(unknownOption(argument))
      }
      if first == "serve", let option = optionServeDoesNotTake(argument) {
        return .usage(
          "serve does not take \(option): it serves every list, and prints only its address")
      }
    }
    return nil
  }

  /// The global option `argument` gives (`--json`, `-l`, `--list=x`) when `serve`, which takes
  /// only ``ServiceOptions``, has no use for it.
  private static func optionServeDoesNotTake(_ argument: String) -> String? {
    let option = String(argument.prefix { $0 != "=" })
    let global = GlobalOptions.isFlag(option) || GlobalOptions.isValued(option)
    let taken = ["--db", "--wait", "--trace"].contains(option)
    return global && !taken ? option : nil
  }

  /// The message for an option shoplist does not have, with the way to mean it as a name.
  static func unknownOption(_ option: String) -> String {
    "unknown option \(DisplayText.quoted(option)); \(dashDashHint)"
  }

  /// How to give a name or reference that starts with `-`.
  static let dashDashHint = "to give a name that starts with -, write -- before it"

  /// Whether `argument` is a single-dash word other than shoplist's short options and
  /// negative numbers: never a flag cluster, always an unknown option.
  private static func isUnknownShortOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 1 else {
      return false
    }
    if shortOptions.contains(argument) { return false }
    let number = argument.dropFirst()
    return !number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
  }

  private static func unknownHelpTopic(_ words: [String]) -> CommandError? {
    var parent: ParsableCommand.Type = Shoplist.self
    for word in words where !word.hasPrefix("-") {
      guard let child = command(named: word, in: parent) else {
        return unknownCommand(word, in: parent)
      }
      parent = child
    }
    return nil
  }

  /// The error for a command `parent` does not have, suggesting the nearest one it has.
  static func unknownCommand(_ name: String, in parent: ParsableCommand.Type) -> CommandError {
    let names = parent.configuration.subcommands.flatMap { command in
      [command._commandName] + command.configuration.aliases
    }
    guard let nearest = Suggestion.nearest(to: name, among: names) else {
      return .usage("unknown command \(DisplayText.quoted(name)) (see shoplist --help)")
    }
    return .usage(
      "unknown command \(DisplayText.quoted(name)); did you mean \(DisplayText.quoted(nearest))?"
    )
  }

  static func command(
    named name: String, in parent: ParsableCommand.Type
  ) -> ParsableCommand.Type? {
    parent.configuration.subcommands.first { command in
      command._commandName == name || command.configuration.aliases.contains(name)
    }
  }
}
