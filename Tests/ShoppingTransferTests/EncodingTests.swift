import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// Text in other encodings than UTF-8, read as it is (UTF-16 with its byte-order mark) or
/// recognised (Windows-1252), decoded a buffer at a time.
@Suite struct EncodingTests {
  static let windows1252CSV: [UInt8] =
    Array("name;quantity;note\nCr".utf8) + [0xE8] + Array("me fra".utf8) + [0xEE]
    + Array("che;1,5;".utf8) + [0x80, 0x20, 0x93, 0x6F, 0x6B, 0x94] + Array("\nMilk;2;\n".utf8)

  static func utf16(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
  }

  @Test func aWindows1252FileIsRecognisedAndSaysSo() throws {
    let (batch, notes) = try readFile(Self.windows1252CSV)

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Crème fraîche", "Milk"])
    #expect(batch.rows.first?.changes.quantity == (try? Quantity("1.5")))
    #expect(batch.rows.first?.changes.note == .some("€ “ok”"))
    #expect(notes.readAs == .windows1252)
  }

  @Test func utf8WithOrWithoutAByteOrderMarkSaysNothing() throws {
    for bom in [[], [0xEF, 0xBB, 0xBF] as [UInt8]] {
      let (batch, notes) = try readFile(bom + Array("name\nCrème fraîche\n".utf8))
      #expect(batch.rows.map(\.name) == ["Crème fraîche"])
      #expect(notes.readAs == nil)
    }
  }

  @Test(arguments: [false, true])
  func utf16WithAByteOrderMarkIsReadAsItIs(bigEndian: Bool) throws {
    let text = "name\tquantity\r\nCrème fraîche\t2\r\n牛乳 🥛\t1\r\n"
    let (batch, notes) = try readFile(Self.utf16(text, bigEndian: bigEndian), named: "in.txt.x")

    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Crème fraîche", "牛乳 🥛"])
    #expect(notes.readAs == nil)
  }

  @Test func utf16IsDecodedAcrossAnyCutOfItsBytes() {
    let bytes = Self.utf16("a🥛b\nç\n", bigEndian: false)
    for cut in 0...bytes.count {
      var decoder = TextDecoder(.auto)
      var output: [UInt8] = []
      #expect(decoder.decode(bytes[..<cut], atEnd: false, into: &output) == nil)
      #expect(decoder.decode(bytes[cut...], atEnd: true, into: &output) == nil)
      #expect(String(decoding: output, as: UTF8.self) == "a🥛b\nç\n", "cut at \(cut)")
    }
  }

  @Test func detectingOnAStreamDecidesOnTheFirstBytesThatAreNotASCII() {
    let cases: [([UInt8], String, ImportEncoding?)] = [
      (Array("tea\nCrème\n".utf8), "tea\nCrème\n", nil),
      (Array("tea\nCr".utf8) + [0xE8] + Array("me\n".utf8), "tea\nCrème\n", .windows1252),
      (Array("ab".utf8) + [0xC3], "abÃ", .windows1252),
    ]
    for (bytes, text, guessed) in cases {
      for cut in 0...bytes.count {
        var decoder = TextDecoder(.auto)
        var output: [UInt8] = []
        _ = decoder.decode(bytes[..<cut], atEnd: false, into: &output)
        _ = decoder.decode(bytes[cut...], atEnd: true, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == text, "cut at \(cut)")
        #expect(decoder.guessed == guessed)
      }
    }
  }

  @Test func windows1252MatchesFoundationsTableForEveryAssignedByte() {
    for byte in UInt8(0x80)...0xFF where !TextDecoder.isUnassignedInWindows1252(byte) {
      var decoder = TextDecoder(.windows1252)
      var output: [UInt8] = []
      #expect(decoder.decode([byte][...], atEnd: true, into: &output) == nil)
      let foundation = String(data: Data([byte]), encoding: .windowsCP1252)
      #expect(String(decoding: output, as: UTF8.self) == foundation, "\(byte)")
    }
    #expect(
      (UInt8(0x80)...0xFF).filter(TextDecoder.isUnassignedInWindows1252)
        == [0x81, 0x8D, 0x8F, 0x90, 0x9D])
  }

  @Test func latin1ReadsEveryByte() throws {
    let batch = try read(.text, bytes: [0x43, 0x72, 0xE8, 0x6D, 0x65, 0x0A], encoding: .latin1)
    #expect(batch.rows.map(\.name) == ["Crème"])
  }

  @Test func anEncodingAskedForIsUsedAndNotReportedAsAGuess() throws {
    let (batch, notes) = try readFile(Self.windows1252CSV, encoding: .windows1252)
    #expect(batch.rows.map(\.name) == ["Crème fraîche", "Milk"])
    #expect(notes.readAs == nil)
    // Forced UTF-8: the Windows-1252 row is a bad row, the others are read.
    let utf8 = try readFile(Self.windows1252CSV, encoding: .utf8)
    #expect(utf8.batch.rows.map(\.name) == ["Milk"])
    #expect(reasons(utf8.batch).map(\.0) == [2])
  }

  @Test func utf16WithoutAMarkIsToldByItsZeroBytes() throws {
    for bigEndian in [false, true] {
      let bytes = Self.utf16("name\nTea\n", bigEndian: bigEndian, mark: false)
      let (batch, _) = try readFile(bytes, encoding: .utf16)
      #expect(batch.rows.map(\.name) == ["Tea"], "big-endian: \(bigEndian)")
    }
  }

  @Test func aFileThatIsNeitherUTF8NorWindows1252IsRefusedAtItsFirstBadByte() throws {
    // Line 3 is not UTF-8 (a lone 0xE9); line 4 is not Windows-1252 either (0x81).
    let bytes = Array("name\r\nMilk\r\nCaf".utf8) + [0xE9] + Array("\rTea".utf8) + [0x81, 0x0A]
    do {
      let (batch, _) = try readFile(bytes, named: "bad.csv")
      Issue.record("read as \(batch)")
    } catch let error as ImportError {
      #expect(error.line == 3)
      #expect(
        error.reason
          == .undecodable(
            "the text is neither UTF-8 (byte 0xE9 on line 3) nor Windows-1252 (byte 0x81 on "
              + "line 4); --encoding latin-1 reads any bytes"))
    }
  }

  @Test func aStreamThatTurnsOutNeitherIsRefusedWhereItStops() {
    let bytes = Array("name\nCaf".utf8) + [0xE9] + Array("\nTea".utf8) + [0x81] + Array("\n".utf8)
    #expect(
      throws: ImportError(
        file: "in.csv", line: 3,
        reason: .undecodable("the text is neither UTF-8 nor Windows-1252 (byte 0x81)"))
    ) {
      try read(.csv, bytes: bytes, encoding: .auto)
    }
  }

  @Test func unassignedBytesAreNoWindows1252AndHalfACharacterIsNoUTF16() {
    #expect(
      throws: ImportError(
        file: "in.text", line: 2, reason: .undecodable("byte 0x9D is not Windows-1252 text"))
    ) {
      try read(.text, bytes: Array("a\nb".utf8) + [0x9D], encoding: .windows1252)
    }
    #expect(
      throws: ImportError(
        file: "in.text", line: 1,
        reason: .undecodable("not UTF-16 text: it ends in half a character"))
    ) {
      try read(.text, bytes: [0xFF, 0xFE, 0x61, 0x00, 0x62], encoding: .auto)
    }
    #expect(
      throws: ImportError(
        file: "in.text", line: 2,
        reason: .undecodable("not UTF-16 text: a lone surrogate (0xDC00)"))
    ) {
      try read(.text, bytes: [0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x00, 0xDC], encoding: .auto)
    }
  }

  @Test func encodingNamesAreReadInTheirCommonSpellings() {
    #expect(ImportEncoding(name: "UTF8") == .utf8)
    #expect(ImportEncoding(name: "utf-16") == .utf16)
    #expect(ImportEncoding(name: "CP1252") == .windows1252)
    #expect(ImportEncoding(name: "ISO-8859-1") == .latin1)
    #expect(ImportEncoding(name: "ebcdic") == nil)
  }
}
