import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct TableWidthTests {
  /// Names and notes of every width: CJK (two columns a character), emoji (two), combining
  /// marks (none), and a long note.
  func international(columns: Int?) throws -> InProcess {
    let shoplist = try InProcess(stdoutIsTerminal: columns != nil, terminalColumns: columns)
    try shoplist.ok("add", "牛乳", "--quantity", "2", "--unit", "l", "--category", "乳製品")
    try shoplist.ok("add", "🍎 Äpfel", "--quantity", "6")
    try shoplist.ok(
      "add", "Cafe\u{301} au lait", "--note", "the one with the blue label, not the red")
    try shoplist.ok("add", "Sourdough loaf from the bakery on the corner", "--category", "bakery")
    try shoplist.ok("add", "🧀", "--note", "チーズ")
    return shoplist
  }

  @Test func at80ColumnsEverythingFitsAndLinesUp() throws {
    let shoplist = try international(columns: 80)

    let result = try shoplist.ok("list", "--no-color")

    #expect(
      result.stdout == """
        shopping · 5 items, 0 checked
          1  [ ] 牛乳                                          2 l  乳製品
          2  [ ] 🍎 Äpfel                                      6
          3  [ ] Café au lait                                               the one wit…
          4  [ ] Sourdough loaf from the bakery on the corner       bakery
          5  [ ] 🧀                                                         チーズ

        """
    )
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
    }
  }

  @Test func at40ColumnsNamesAndNotesAreShortened() throws {
    let shoplist = try international(columns: 40)

    let result = try shoplist.ok("list", "--no-color")

    #expect(
      result.stdout == """
        shopping · 5 items, 0 checked
          1  [ ] 牛乳      2 l  乳製品
          2  [ ] 🍎 Äpfel  6
          3  [ ] Café au…               the one…
          4  [ ] Sourdou…       bakery
          5  [ ] 🧀                     チーズ

        """
    )
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 40, "\(line)")
    }
  }

  @Test func outputToAPipeIsNeverShortened() throws {
    let shoplist = try international(columns: nil)

    let result = try shoplist.ok("list")

    #expect(result.stdout.contains("Sourdough loaf from the bakery on the corner"))
    #expect(result.stdout.contains("the one with the blue label, not the red"))
  }

  @Test func displayWidthCountsColumnsNotCharacters() {
    #expect(DisplayWidth.of("Milk") == 4)
    #expect(DisplayWidth.of("牛乳") == 4)
    #expect(DisplayWidth.of("🍎") == 2)
    #expect(DisplayWidth.of("❤️") == 2)
    #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
    #expect(DisplayWidth.of("ﾐﾙｸ") == 3, "half-width katakana take one column")
    #expect(DisplayWidth.truncated("牛乳と卵", to: 5) == "牛乳…")
    #expect(DisplayWidth.truncated("Milk", to: 4) == "Milk")
    #expect(DisplayWidth.padded("牛乳", to: 6) == "牛乳  ")
  }
}
