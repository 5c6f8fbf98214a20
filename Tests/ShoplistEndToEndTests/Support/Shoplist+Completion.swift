import Foundation
import Testing

extension Shoplist {
  /// What bash offers for `words` (the last one being completed), through the completion
  /// script the binary writes, sorted.
  func bashCompletions(_ words: [String]) throws -> [String] {
    let scriptFile = folder.appendingPathComponent("shoplist.bash")
    if !FileManager.default.fileExists(atPath: scriptFile.path) {
      let script = try run("--generate-completion-script", "bash")
      #expect(script.status == 0, "\(script)")
      try Data(script.stdout.utf8).write(to: scriptFile)
    }
    let quoted = ([Self.binary.path] + words).map { "'\($0)'" }.joined(separator: " ")
    let driver = """
      source '\(scriptFile.path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
      COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _shoplist shoplist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runTool("/usr/bin/bash", ["-c", driver])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init).sorted()
  }
}
