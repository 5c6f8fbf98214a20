/// The command as a person typed it, for history: without the program's name, the
/// database's path (`--db`) and the options that only change how the output looks (`--json`,
/// `--quiet`, `--no-color`, `--trace`), each word quoted when it needs to be read back as one.
/// Everything after `--` is a name, kept as typed.
enum CommandLabel {
  static func make(_ arguments: [String]) -> String {
    var label = ""
    var skipNext = false
    var names = false
    for argument in arguments {
      if skipNext {
        skipNext = false
        continue
      }
      if names {
        label.append(" ")
        appendQuoted(argument, to: &label)
        continue
      }
      if argument == "--" { names = true }
      if displayOptions.contains(argument) { continue }
      if argument == "--db" {
        skipNext = true
        continue
      }
      if argument.hasPrefix("--db=") { continue }
      if !label.isEmpty { label.append(" ") }
      appendQuoted(argument, to: &label)
    }
    return label
  }

  /// Appends `word`, in double quotes with `\` and `"` escaped when it is empty or holds
  /// white space or a character a shell treats specially. Written out by hand: the generic
  /// `joined` and Foundation's `replacingOccurrences` each cost the run-time a scan of every
  /// protocol conformance in the executable on first use (see BENCHMARKS.md).
  private static func appendQuoted(_ word: String, to label: inout String) {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        !scalar.properties.isWhitespace && !specials.contains(scalar)
      }
    guard !plain else {
      label.append(word)
      return
    }
    label.append("\"")
    for scalar in word.unicodeScalars {
      if scalar == "\\" || scalar == "\"" { label.unicodeScalars.append("\\") }
      label.unicodeScalars.append(scalar)
    }
    label.append("\"")
  }

  /// Options that change what is printed, never what is done.
  private static let displayOptions: Set<String> = [
    "--json", "--quiet", "-q", "--no-color", "--trace",
  ]

  private static let specials: [Unicode.Scalar] = ["\"", "'", "\\", "$", "`"]
}
