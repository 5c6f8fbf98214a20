import Foundation
import Testing

extension Shoplist {
  /// What bash offers for `words`, the last one being completed as typed (with its quoting),
  /// through the function the script the binary writes registers for `shoplist`
  /// (`complete -F`), sorted.
  func bashCompletions(_ words: [String]) throws -> [String] {
    let script = try ok("--generate-completion-script", "bash").stdout
    let scriptFile = folder.appendingPathComponent("shoplist.bash")
    try Data(script.utf8).write(to: scriptFile)
    let quoted = ([Self.binary.path] + words).map { word in
      "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }.joined(separator: " ")
    let driver = """
      source '\(scriptFile.path)'
      function=$(complete -p shoplist | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
      COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      "$function" shoplist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runTool("/usr/bin/bash", ["-c", driver])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init).sorted()
  }
}
