import Foundation
import ShoplistTestTraits
import Testing

/// Old spreadsheets' line ends, names that hide their size or their meaning.
@Suite(.offThePool) struct InputShapeTests {
  @Test func carriageReturnLineEndsSeparateRows() throws {
    let shoplist = try Shoplist()
    let csv = try shoplist.file("mac.csv", "name,quantity\rmilk,2\reggs,3\r")
    let text = try shoplist.file("mac.txt", "bread\rjam\rtea")

    let fromCSV = try shoplist.run("import", csv)
    let fromText = try shoplist.run("import", text)

    #expect(fromCSV.status == 0, "\(fromCSV)")
    #expect(fromCSV.stdout.contains("2 added"), "\(fromCSV)")
    #expect(fromText.status == 0, "\(fromText)")
    #expect(try shoplist.names() == ["milk", "eggs", "bread", "jam", "tea"])
    #expect(try shoplist.items()["eggs"]?["quantity"] as? Int == 3)
  }

  @Test func aLineNumberCountsEveryKindOfLineEnd() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("mixed.csv", "name,quantity\r\nmilk,2\reggs,none\ntea,1\r\n")
    let result = try shoplist.run("import", path)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("\(path):3: invalid quantity"), "\(result)")
  }

  @Test func combiningMarksCountTowardTheLimit() throws {
    let shoplist = try Shoplist()
    let heavy = "a" + String(repeating: "\u{301}", count: 5000)
    let result = try shoplist.run("add", heavy)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("5001 characters, at most 200 allowed"), "\(result)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test(arguments: ["abc\u{202E}evil.exe", "mi\u{200B}lk", "\u{FEFF}tea", "a\u{2066}b"])
  func invisibleSpoofingCharactersAreRefused(name: String) throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("add", name)
    let note = try shoplist.run("add", "milk", "--note", name)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("invisible character U+"), "\(result)")
    #expect(note.status == 65, "\(note)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func joinersThatEmojiAndScriptsNeedAreAllowed() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "👩‍👩‍👧 snacks", "می‌خواهم")
    #expect(try shoplist.names() == ["👩‍👩‍👧 snacks", "می‌خواهم"])
  }
}
