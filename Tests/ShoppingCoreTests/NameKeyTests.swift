import Foundation
import ShoplistTestSupport
import Testing

@testable import ShoppingCore

/// Names compared truthfully: under Unicode's full case folding, ignoring default-ignorable
/// characters, whatever the composition of their accents.
@Suite struct NameKeyTests {
  /// Names that are one name, each group written every way that must compare equal.
  static let sameNames: [[String]] = [
    // ß, SS and the capital ẞ.
    ["Weißwurst", "WEISSWURST", "weisswurst", "WEIẞWURST", "Weiẞwurst"],
    // Σ, σ and the final ς.
    ["ΟΔΟΣ", "οδος", "οδοσ", "Οδος"],
    // Ligatures fold to their letters.
    ["ﬁsh", "FISH", "fish", "Fish"],
    ["ﬀ", "ff", "FF"],
    // The long s, the Kelvin sign, the micro sign.
    ["ſoup", "soup"], ["\u{212A}ilo", "kilo"], ["\u{B5}g", "\u{3BC}g", "\u{39C}G"],
    // İ folds to i and a combining dot above, as does that written out.
    ["İzmir", "i\u{307}zmir", "I\u{307}ZMIR"],
    // Composed and decomposed accents; combining marks in either order.
    ["Crème", "CRÈME", "Cre\u{300}me", "CRE\u{300}ME"],
    ["a\u{301}\u{323}", "a\u{323}\u{301}", "\u{1EA1}\u{301}", "\u{1EA0}\u{301}"],
    // ΐ, composed and as its folding writes it.
    ["\u{390}", "\u{3B9}\u{308}\u{301}", "\u{1FD3}"],
    // Default-ignorable characters do not count: a soft hyphen, joiners, variation selectors.
    ["soda", "so\u{AD}da", "SO\u{AD}DA"],
    ["milk", "mi\u{200D}lk", "Mi\u{200C}lk", "m\u{34F}ilk"],
    ["👩\u{200D}💻", "👩💻"], ["❤\u{FE0F}", "❤", "❤\u{FE0E}"],
    // Cherokee folds its small letters to the capitals.
    ["\u{13E3}\u{13B3}\u{13A9}", "\u{ABB3}\u{AB83}\u{AB79}"], ["\u{13F0}", "\u{13F8}"],
    // Old Hungarian, beyond the Basic Multilingual Plane.
    ["\u{10C80}", "\u{10CC0}"],
  ]

  /// Names that look alike but are different names.
  static let differentNames: [(String, String)] = [
    // Turkish dotless ı is not i, nor is the capital dotted İ plain i.
    ("ı", "i"), ("ı", "I"), ("İ", "i"), ("İ", "I"),
    // Accents are part of a name.
    ("Crème", "Creme"), ("ö", "o"), ("Maße", "Mase"),
    ("Milk", "Mild"), ("ss", "s"),
    // Compatibility forms that are not case variants stay apart.
    ("①", "1"), ("ｍｉｌｋ", "milk"),
  ]

  @Test(arguments: sameNames)
  func namesThatDifferOnlyInCaseAccentsCompositionOrIgnorablesShareAKey(names: [String]) {
    let keys = names.map { NameKey(lookingUp: $0) }
    #expect(Set(keys).count == 1, "\(names.map(\.debugDescription)) → \(keys)")
  }

  @Test(arguments: differentNames)
  func namesThatOnlyLookAlikeKeepTheirOwnKeys(first: String, second: String) {
    #expect(NameKey(lookingUp: first) != NameKey(lookingUp: second))
  }

  @Test func aKeyIsTheFoldedNameInNormalisationFormC() {
    #expect(Naming.key("Weißwurst").value == "weisswurst")
    #expect(Naming.key("ΟΔΟΣ").value == "οδοσ")
    #expect(Naming.key("ﬁsh").value == "fish")
    #expect(
      Array(Naming.key("CRE\u{300}ME").value.unicodeScalars)
        == Array("cr\u{E8}me".unicodeScalars))
    #expect(Naming.key("\u{13E3}\u{AB83}").value == "\u{13E3}\u{13B3}")
    #expect(Naming.key("mi\u{200D}lk").value == "milk")
    #expect(Naming.key("İ").value == "i\u{307}")
    #expect(Naming.key("ı").value == "ı")
  }

  @Test func theNameItselfIsStoredAsWritten() throws {
    #expect(try Naming.name("  Weißwurst ") == "Weißwurst")
    #expect(try Naming.name("mi\u{200D}lk") == "mi\u{200D}lk")
    #expect(try Naming.name("so\u{AD}da") == "so\u{AD}da")
  }

  @Test func takingTheKeyOfAKeyChangesNothing() {
    for name in Self.sameNames.joined() {
      let key = Naming.key(name)
      #expect(Naming.key(key.value) == key, "\(name.debugDescription)")
    }
  }

  /// The fast path for plain ASCII gives the keys Unicode's folding gives.
  @Test func plainASCIIKeysAreTheFoldedNames() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let length = Int.random(in: 1...12, using: &generator)
      let name = String(
        (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E))) })
      #expect(Naming.key(name).value == Naming.folded(name), "\(name.debugDescription)")
    }
  }

  @Test func looseFoldingAlsoDropsAccents() {
    #expect(Naming.looselyFolded("Crème BRÛLÉE") == "creme brulee")
    #expect(Naming.looselyFolded("WEIẞWURST") == "weisswurst")
    #expect(Naming.looselyFolded("mi\u{200D}lk") == "milk")
  }

  /// Every code point against an independent implementation of the full case folding:
  /// Python's `str.casefold()`, for the code points its Unicode version assigns (foldings of
  /// assigned code points never change between versions). Default-ignorable code points fold
  /// to nothing.
  /// Locally without Python the test is skipped; in CI it runs, and fails without it.
  @Test(.enabled(if: TestTools.runs(needing: NameKeyTests.pythonCaseFolding != nil)))
  func foldingAgreesWithPythonOnEveryCodePointItKnows() throws {
    // Control characters aside: no name has them, and one of them separates the lines below.
    let expected = try #require(Self.pythonCaseFolding).filter { value, _ in
      Unicode.Scalar(value).map { $0.properties.generalCategory != .control } ?? false
    }.sorted { $0.key < $1.key }
    #expect(expected.count > 250_000)
    #expect(Self.differences(from: expected) == [])
    // Text that folding keeps as it is takes a shorter way, which must agree.
    let kept = expected.filter { value, _ in
      Unicode.Scalar(value).map(Naming.isKeptByFolding) ?? false
    }
    #expect(kept.count > 200_000)
    #expect(Self.differences(from: kept) == [])
    // A name's key is that folding.
    for (value, _) in expected where value % 97 == 0 && value > 0x7F {
      let name = String(Unicode.Scalar(value) ?? " ")
      #expect(Naming.key(name).value == Naming.folded(name))
    }
  }

  /// Where `Naming.folded` differs from the foldings `expected` (at most 20 of them), folding
  /// every code point at once, a line each: a line break is never part of a composition or a
  /// folding, so the lines fold as they would one by one, and the normalisations run once.
  static func differences(from expected: [(key: UInt32, value: String)]) -> [String] {
    var text = String.UnicodeScalarView()
    for (value, _) in expected {
      text.append(Unicode.Scalar(value) ?? " ")
      text.append("\n")
    }
    let lines = Naming.folded(String(text)).unicodeScalars
      .split(separator: "\n", omittingEmptySubsequences: false)
    var differences: [String] = []
    for ((value, folded), line) in zip(expected, lines) {
      let ignorable = Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint == true
      let wanted = ignorable ? "" : folded
      if line.elementsEqual(wanted.unicodeScalars) { continue }
      let code = String(value, radix: 16, uppercase: true)
      let got = String(String.UnicodeScalarView(line))
      differences.append("U+\(code): \(got.debugDescription), not \(wanted.debugDescription)")
      if differences.count == 20 { break }
    }
    return differences
  }

  /// Each code point Python's Unicode database assigns, with the canonical caseless form
  /// Python gives it (NFC of the folding of its NFD); `nil` without Python.
  static let pythonCaseFolding: [UInt32: String]? = {
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
    let script = """
      import sys, unicodedata as u
      for v in range(0x110000):
          c = chr(v)
          if u.category(c) in ('Cn', 'Cs'): continue
          f = u.normalize('NFC', u.normalize('NFD', c).casefold())
          sys.stdout.write('%X %s\\n' % (v, ' '.join('%X' % ord(x) for x in f)))
      """
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var foldings: [UInt32: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard let value = fields.first.flatMap({ UInt32($0, radix: 16) }) else { continue }
      var folded = String.UnicodeScalarView()
      for field in fields.dropFirst() {
        if let scalar = UInt32(field, radix: 16).flatMap(Unicode.Scalar.init) {
          folded.append(scalar)
        }
      }
      foldings[value] = String(folded)
    }
    return foldings
  }()
}
