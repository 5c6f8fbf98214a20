import Foundation
import ShoplistTestTraits
import Testing

/// What the user typed comes back in messages escaped and shortened, through every command.
@Suite(.offThePool) struct EchoTests {
  static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J" + String(repeating: "x", count: 300)

  func expectSafe(_ result: Shoplist.Result, sourceLocation: SourceLocation = #_sourceLocation) {
    let output = result.stdout + result.stderr
    #expect(
      !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(result)",
      sourceLocation: sourceLocation)
    #expect(output.utf8.count < 400, "\(output.utf8.count) bytes", sourceLocation: sourceLocation)
    #expect(result.status != 0, sourceLocation: sourceLocation)
  }

  @Test func referencesListNamesFiltersAndPathsAreEscaped() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let bad = Self.hostile
    for arguments in [
      ["toggle", bad], ["remove", bad], ["rename", bad, "tea"], ["move", bad, "1"],
      ["edit", bad, "--note", "n"], ["lists", "rename", bad, "x"], ["lists", "delete", bad],
      ["list", "-l", bad], ["add", "tea", "-l", "\u{1B}[2J"], ["import", "/nope/" + bad],
      ["--db", "/proc/" + bad, "list"], ["lists", "create", bad],
    ] {
      expectSafe(try shoplist.run(arguments: arguments))
    }
  }

  @Test func aCategoryFilterIsEscapedInTheHeading() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let result = try shoplist.ok("list", "--category", "\u{1B}[2Jdairy")
    #expect(!result.stdout.contains("\u{1B}"), "\(result)")
    #expect(result.stdout.contains("\\u{1B}[2Jdairy"), "\(result)")
  }
}
