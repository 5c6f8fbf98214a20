import Foundation
import ShoplistTestTraits
import Testing

/// Values another program wrote into the database reach the terminal escaped, and the JSON
/// output and exports exactly.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct TerminalSafetyTests {
  /// An item whose fields carry a title change, a screen clear, a clipboard write and a
  /// right-to-left override, written by the sqlite3 shell, as any program could.
  func planted() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "--note", "x", "--unit", "l", "--category", "c")
    try shoplist.ok("lists", "create", "other")
    _ = try shoplist.sqlite(
      """
      UPDATE product SET name = 'tea' || char(27) || ']0;owned' || char(7),
        note = char(27) || '[2J' || 'cleared', unit = char(27) || ']52;c;ZXZpbA==' || char(7),
        category = 'abc' || char(8238) || 'exe.txt';
      UPDATE list SET name = 'evil' || char(155) || '31m' WHERE name = 'other';
      """
    )
    return shoplist
  }

  static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{08}"]

  func containsForbidden(_ text: String) -> Bool {
    text.unicodeScalars.contains { Self.forbidden.contains($0) }
  }

  @Test func theTableAndMessagesShowEscapes() throws {
    let shoplist = try planted()
    let before = shoplist.databaseBytes()

    let list = try shoplist.ok("list")
    let lists = try shoplist.ok("lists")
    let check = try shoplist.ok("check", "1")

    for result in [list, lists, check] {
      #expect(!containsForbidden(result.stdout + result.stderr), "\(result)")
    }
    #expect(list.stdout.contains("tea\\u{1B}]0;owned\\u{7}"), "\(list)")
    #expect(list.stdout.contains("abc\\u{202E}exe.txt"), "\(list)")
    #expect(lists.stdout.contains("evil\\u{9B}31m"), "\(lists)")
    _ = before
  }

  @Test func listingChangesNothing() throws {
    let shoplist = try planted()
    let before = shoplist.databaseBytes()
    try shoplist.ok("list")
    try shoplist.ok("lists")
    #expect(shoplist.databaseBytes() == before)
  }

  @Test func jsonAndExportsKeepTheValuesExactly() throws {
    let shoplist = try planted()
    let item = try #require(try shoplist.run("list", "--json").json()["items"] as? [[String: Any]])
      .first
    #expect(item?["name"] as? String == "tea\u{1B}]0;owned\u{07}")
    #expect(item?["category"] as? String == "abc\u{202E}exe.txt")
    let exported = try shoplist.ok("export", "--format", "csv").stdout
    #expect(exported.contains("abc\u{202E}exe.txt"))
  }

  @Test func aValueTypedByTheUserIsEscapedAndShortenedInMessages() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let reference = "\u{1B}]0;owned\u{07}" + String(repeating: "x", count: 100_000)

    let result = try shoplist.run("toggle", reference)

    #expect(result.status == 65, "\(result)")
    #expect(!containsForbidden(result.stderr), "\(result)")
    #expect(result.stderr.utf8.count < 300, "\(result.stderr.utf8.count) bytes")
    #expect(result.stderr.contains("\\u{1B}]0;owned"), "\(result)")
  }
}
