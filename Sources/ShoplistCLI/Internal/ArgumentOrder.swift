/// Lets global options stand before the command's name (`shoplist --json list`) by moving them
/// after it, where the command's own parser reads them; with no command at all (`shoplist`,
/// `shoplist --json`), the command is `list`.
enum ArgumentOrder {
  static func normalised(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      if GlobalOptions.isFlag(argument) {
        leading.append(argument)
        index += 1
      } else if GlobalOptions.isValued(name) {
        leading.append(argument)
        if name == argument, index + 1 < arguments.count {
          leading.append(arguments[index + 1])
          index += 1
        }
        index += 1
      } else {
        break
      }
    }
    // Nothing but global options: show the list, as `list` does.
    guard index < arguments.count else { return ["list"] + arguments }
    guard !leading.isEmpty else { return arguments }
    var rest = Array(arguments[index...])
    // `help` takes no options: `shoplist --db X help add` is help for `add`.
    if rest.first == "help" { return rest }
    // Keep them before a `--`, after which everything is a positional value.
    let insertion = rest.firstIndex(of: "--") ?? rest.endIndex
    rest.insert(contentsOf: leading, at: insertion)
    return rest
  }
}
