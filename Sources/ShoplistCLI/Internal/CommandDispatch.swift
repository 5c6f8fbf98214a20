import ArgumentParser

/// Finds the subcommand an invocation names and parses it on its own.
///
/// Parsing from the root makes the argument parser reflect over every command of the tree on
/// each run (it checks for completion-script requests across all of them), which was two thirds
/// of a single-item command's time. Parsing just the named subcommand gives the same result for
/// any valid invocation; anything else (help, version, completion scripts, a parse error) goes
/// through the root, so messages and help read exactly as before.
enum CommandDispatch {
  static func parseDirectly(_ arguments: [String]) -> ParsableCommand? {
    guard !arguments.contains(where: asksTheRoot) else { return nil }
    guard let name = arguments.first,
      var command = ArgumentCheck.command(named: name, in: Shoplist.self)
    else { return nil }
    var rest = Array(arguments.dropFirst())
    let nested = command.configuration.subcommands
    if !nested.isEmpty {
      if let next = rest.first, let child = ArgumentCheck.command(named: next, in: command) {
        command = child
        rest.removeFirst()
      } else if let fallback = command.configuration.defaultSubcommand {
        command = fallback
      } else {
        return nil
      }
    }
    return try? command.parseAsRoot(rest)
  }

  private static func asksTheRoot(_ argument: String) -> Bool {
    ["-h", "--help", "help", "--version"].contains(argument)
      || argument.hasPrefix("--generate-completion") || argument.hasPrefix("--experimental")
  }
}
