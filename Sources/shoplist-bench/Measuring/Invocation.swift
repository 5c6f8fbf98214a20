import Foundation

/// One command to run: the program, its arguments, its environment and where its standard
/// streams go.
struct Invocation: Sendable {
  var executable: String
  var arguments: [String]
  var environment: [String: String]
  var standardInput = "/dev/null"
  var standardOutput = "/dev/null"
  /// Where standard error goes; read back only when the command fails.
  var standardError = "/dev/null"

  /// The command as a shell would show it, for messages.
  var displayed: String {
    ([executable] + arguments).map(Self.quoted).joined(separator: " ")
  }

  static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:+@%".contains($0) }
    if plain, !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
