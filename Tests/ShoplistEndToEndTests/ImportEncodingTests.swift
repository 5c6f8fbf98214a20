import Foundation
import ShoplistTestTraits
import Testing

/// Files in the encodings spreadsheets and editors save: recognised, or said with
/// `--encoding`, and refused in one clear line when they are no text at all.
@Suite(.offThePool) struct ImportEncodingTests {
  /// `name;quantity`, then `Crème fraîche;1,5` in Windows-1252.
  static let creme: [UInt8] =
    Array("name;quantity\nCr".utf8) + [0xE8] + Array("me fra".utf8) + [0xEE]
    + Array("che;1,5\n".utf8)

  func write(_ bytes: [UInt8], _ name: String, in shoplist: Shoplist) throws -> String {
    let path = shoplist.folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aWindows1252FileIsReadAsSuchAndTheSummarySaysSo() throws {
    let shoplist = try Shoplist()
    let path = try write(Self.creme, "week.csv", in: shoplist)

    let result = try shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "imported \(path): 1 added, 0 updated, 0 unchanged, 0 removed (read as windows-1252)\n")
    #expect(try shoplist.items()["Crème fraîche"]?["quantity"] as? Double == 1.5)
  }

  @Test func standardInputFromAPipeIsRecognisedToo() throws {
    let shoplist = try Shoplist()
    let path = try write(Self.creme, "week.csv", in: shoplist)

    let result = try shoplist.runShell("cat '\(path)' | '\(Shoplist.binary.path)' import -")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasSuffix("0 removed (read as windows-1252)\n"), "\(result)")
    #expect(try shoplist.names() == ["Crème fraîche"])
  }

  @Test func anEncodingAskedForIsUsedWithoutANote() throws {
    let shoplist = try Shoplist()
    // Latin-1 and Windows-1252 agree on these bytes.
    let path = try write(Self.creme, "week.csv", in: shoplist)

    let result = try shoplist.run("import", path, "--encoding", "latin-1")

    #expect(result.stdout == "imported \(path): 1 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.names() == ["Crème fraîche"])
  }

  @Test func utf8AskedForMakesTheOtherRowsBadRows() throws {
    let shoplist = try Shoplist()
    let path = try write(Self.creme + Array("Tea;1\n".utf8), "week.csv", in: shoplist)

    let strict = try shoplist.run("import", path, "--encoding", "UTF-8")
    let skipping = try shoplist.run("import", path, "--encoding", "utf8", "--skip-invalid")

    #expect(strict.status == 65, "\(strict)")
    #expect(strict.stderr.contains("\(path):2: the text is not valid UTF-8"), "\(strict)")
    #expect(skipping.status == 0, "\(skipping)")
    #expect(try shoplist.names() == ["Tea"])
  }

  @Test(arguments: [false, true])
  func utf16WithAByteOrderMarkIsReadAsItIs(bigEndian: Bool) throws {
    let shoplist = try Shoplist()
    let text = "name\tnote\r\nKäse\t🧀 Gouda\r\n"
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      bytes +=
        bigEndian
        ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let path = try write(bytes, "export.csv", in: shoplist)

    let result = try shoplist.run("import", path)

    #expect(result.stdout == "imported \(path): 1 added, 0 updated, 0 unchanged, 0 removed\n")
    #expect(try shoplist.items()["Käse"]?["note"] as? String == "🧀 Gouda")
  }

  @Test func aFileThatDecodesInNoneIsExit65AtItsFirstBadByteAndChangesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = try shoplist.snapshot()
    let bytes = Array("name\nTea\nCaf".utf8) + [0xE9] + Array("\nJam".utf8) + [0x81, 0x0A]
    let path = try write(bytes, "broken.csv", in: shoplist)

    let result = try shoplist.run("import", path, "--skip-invalid")

    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "shoplist: \(path):3: the text is neither UTF-8 (byte 0xE9 on line 3) nor "
        + "Windows-1252 (byte 0x81 on line 4); --encoding latin-1 reads any bytes; nothing "
        + "imported\n")
    #expect(result.stdout.isEmpty)
    #expect(try shoplist.snapshot() == before)
  }

  @Test func bytesThatAreNoTextInTheEncodingAskedForAreExit65() throws {
    let shoplist = try Shoplist()
    let windows = try write(Array("name\nTea\n".utf8) + [0x9D, 0x0A], "w.csv", in: shoplist)
    let utf16 = try write([0xFF, 0xFE, 0x61, 0x00, 0x0A], "u.txt", in: shoplist)

    let unassigned = try shoplist.run("import", windows, "--encoding", "windows-1252")
    let halfCharacter = try shoplist.run("import", utf16, "--encoding", "utf-16")

    #expect(unassigned.status == 65, "\(unassigned)")
    #expect(
      unassigned.stderr == "shoplist: \(windows):3: byte 0x9D is not Windows-1252 text; nothing "
        + "imported\n")
    #expect(halfCharacter.status == 65, "\(halfCharacter)")
    #expect(halfCharacter.stderr.contains("u.txt:1: not UTF-16 text: it ends in half a character"))
    #expect(try shoplist.names() == [])
  }

  @Test(.sqlitePass) func anUnknownEncodingIsAUsageError() throws {
    let shoplist = try Shoplist()
    let path = try write(Array("name\nTea\n".utf8), "a.csv", in: shoplist)

    let result = try shoplist.run("import", path, "--encoding", "ebcdic")

    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "), "\(result)")
    #expect(result.stderr.contains("ebcdic"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }
}
