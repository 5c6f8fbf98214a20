/// The command as a person typed it, for history: without the program's name and the
/// database's path (`--db`), each word quoted when it needs to be read back as one.
enum CommandLabel {
  static func make(_ arguments: [String]) -> String {
    var words: [String] = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
        continue
      }
      if argument == "--db" {
        skipNext = true
        continue
      }
      if argument.hasPrefix("--db=") { continue }
      words.append(quoted(argument))
    }
    return words.joined(separator: " ")
  }

  private static func quoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        !scalar.properties.isWhitespace && !"\"'\\$`".unicodeScalars.contains(scalar)
      }
    guard !plain else { return word }
    return "\""
      + word.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
