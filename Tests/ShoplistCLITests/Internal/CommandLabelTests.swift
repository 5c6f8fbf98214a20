import Testing

@testable import ShoplistCLI

/// What history calls a command: the words as typed, the database's path left out, and a word
/// that would not read back as one word quoted.
@Suite struct CommandLabelTests {
  @Test func plainWordsAreJoinedBySpaces() {
    #expect(CommandLabel.make(["add", "milk", "--quantity", "2"]) == "add milk --quantity 2")
  }

  @Test func theDatabasePathIsLeftOutInBothSpellings() {
    #expect(CommandLabel.make(["--db", "/tmp/a b.sqlite", "add", "milk"]) == "add milk")
    #expect(CommandLabel.make(["add", "--db=/tmp/x.sqlite", "milk"]) == "add milk")
    #expect(CommandLabel.make(["add", "milk", "--db"]) == "add milk")
  }

  @Test func wordsWithSpacesOrShellCharactersAreQuotedAndEscaped() {
    #expect(CommandLabel.make(["add", "oat milk"]) == #"add "oat milk""#)
    #expect(CommandLabel.make(["add", #"say "hi""#]) == #"add "say \"hi\"""#)
    #expect(CommandLabel.make(["add", #"back\slash"#]) == #"add "back\\slash""#)
    #expect(CommandLabel.make(["add", "$HOME", "it's", "`x`"]) == #"add "$HOME" "it's" "`x`""#)
    #expect(
      CommandLabel.make(["add", "tab\there", "ｆｕｌｌ\u{3000}width"])
        == "add \"tab\there\" \"ｆｕｌｌ\u{3000}width\"")
  }

  @Test func anEmptyWordIsKeptAsQuotes() {
    #expect(CommandLabel.make(["edit", "milk", "--note", ""]) == #"edit milk --note """#)
    #expect(CommandLabel.make([]) == "")
  }

  @Test func unicodeWordsNeedNoQuotes() {
    #expect(CommandLabel.make(["add", "Crème", "牛乳"]) == "add Crème 牛乳")
  }

  @Test func optionsThatOnlyChangeTheOutputAreLeftOut() {
    #expect(
      CommandLabel.make(["--no-color", "edit", "oat milk", "--json", "--quantity", "2"])
        == #"edit "oat milk" --quantity 2"#)
    #expect(CommandLabel.make(["check", "milk", "-q", "--quiet", "--trace"]) == "check milk")
  }

  @Test func afterTheDoubleDashEveryWordIsANameKeptAsTyped() {
    #expect(CommandLabel.make(["add", "--", "--json", "-q"]) == "add -- --json -q")
    #expect(CommandLabel.make(["add", "--", "--db", "x"]) == "add -- --db x")
  }
}
