import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Random mutations of valid files of every format, through the built binary: invalid UTF-8,
/// cut records, stray quotes and brackets, line ends of every kind, huge fields; and of other
/// apps' files: aliased CSV headers (English and other languages), Windows-1252 and UTF-16
/// text, bullets, task marks, headings, emphasis, strike-through and quantity phrases (trailing
/// ones too), read with a random `--encoding`; and backups with shops, lists' shops and the
/// default list. Whatever the input: no crash, exit 0 or
/// 65 only, and a failed import leaves the database byte for byte as it was.
@Suite(.offThePool) struct ReaderFuzzTests {
  /// Mutated files per format; `SHOPLIST_FUZZ_FILES` raises it for a long run.
  static let files = Int(ProcessInfo.processInfo.environment["SHOPLIST_FUZZ_FILES"] ?? "") ?? 30

  /// The samples that are not UTF-8 text, by name (the extension before the `-`).
  static let byteSamples: [String: [UInt8]] = [
    "csv-1252": Array("Item;Qty;Aisle;Preis\nCr".utf8) + [0xE8] + Array("me fra".utf8) + [0xEE]
      + Array("che;1,5;K".utf8) + [0xFC] + Array("hlung > Milch;0,99\n".utf8) + [0x80]
      + Array(" Deal;x2;;\n".utf8),
    "csv-utf16": [0xFF, 0xFE]
      + "Product\tAmount\tStatus\r\nKäse\t200g\tdone\r\n牛乳 🥛\t2 l\topen\r\n".utf16
      .flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
  ]

  static let samples: [String: String] = [
    "csv-aliases": "List Name,Item,Qty,Units,Department,Comment,Crossed Off,Price\n"
      + "Week,Milk,2 l,,Dairy + Eggs,cold,yes,1\nWeek,Eggs,x12,,,,,\n,Flour,\"1,5 kg\",,,,no,\n",
    "txt-markup": "# Shopping\n- [ ] 2 l milk\n* [x] eggs x12\n• bread\n1. 500g flour\n"
      + "2) [X] 3 musketeers bar\n\\- literal\n",
    "csv": "name,quantity,unit,category,note,checked,list\n"
      + "Milk,2,l,dairy,\"semi, skimmed\",x,\nEggs,12,,,,no,Party\n\"Crème\",1.5,,,,,\n",
    "json": #"{"format": "shoplist/1", "lists": [{"name": "shopping", "items": ["#
      + #"{"name": "Milk", "quantity": 2, "checked": true, "note": "n\u00e9"}, "#
      + #"{"name": "Eggs", "unit": null}]}, {"name": "Party", "items": []}]}"#,
    "ndjson": #"{"name": "Milk", "quantity": 2}"# + "\n" + #"{"name": "Eggs", "list": "P"}"#
      + "\n" + #"{"name": "Tea", "checked": "yes"}"# + "\n",
    "txt": "# list: shopping\nMilk\n[x] Eggs\n\\#1 tip\n# list: Party\nChips\n",
    "txt-shared": "Groceries\n\nProduce\n• Bananas (6)\n• **Apples**\nDairy:\n- Milk – 2 l\n"
      + "- ~~Butter~~\n## Bakery ##\n- Bagels - 1 pack\n- Bread (whole wheat)\n_Jam_\n",
    "csv-languages": "Artikel;Menge;Einheit;Kategorie;Erledigt;Liste\nMilch;2;l;Kühl;nein;\n"
      + "Äpfel;1,5;kg;Obst;ja;Markt\nBrot;;;;NON;\n",
    // Names and notes long enough that most mutations land in text, as in a real backup.
    "json-backup": #"{"format": "shoplist/1", "lists": [{"name": "shopping", "items": ["#
      + #"{"name": "Semi-skimmed milk from the farm shop", "category": "Dairy and eggs", "#
      + #""note": "the blue bottle, not the green one; two if they are on offer"}]},"# + "\n"
      + #"{"name": "Weekend at the allotment", "default": true, "shop": "Lidl Express", "#
      + #""items": []}],"# + "\n"
      + #""shops": [{"name": "Lidl Express", "aisles": ["Dairy and eggs", "Fruit and "#
      + #"vegetables", "Bakery and bread"], "default": false},"# + "\n"
      + #"{"name": "Aldi Süd at the station", "aisles": [], "default": true}]}"# + "\n",
  ]

  static let fragments: [[UInt8]] = [
    [0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x00], [0x0D],
    [0x0D, 0x0A], Array("\"".utf8), Array("\"\"".utf8), Array(",".utf8), Array(";".utf8),
    Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8), Array("\\".utf8),
    Array("\\u".utf8), Array("# list: ".utf8), Array("[x] ".utf8), Array("\u{202E}".utf8),
    Array("1e999".utf8), Array("-0".utf8), Array("\n\n".utf8), [0xEF, 0xBB, 0xBF],
    [0x81], [0x9D], [0xE9], [0xFF, 0xFE], [0xFE, 0xFF], [0x00, 0xD8], [0x00, 0xDC],
    Array("- [x] ".utf8), Array("• ".utf8), Array("1. ".utf8), Array("2 l ".utf8),
    Array("x12".utf8), Array("½".utf8), Array(" + ".utf8), Array(" > ".utf8),
    Array("Item,".utf8), Array("status".utf8), Array("## ".utf8), Array(":".utf8),
    Array("~~".utf8), Array("**".utf8), Array("_".utf8), Array(" (6)".utf8),
    Array(" - 1 pack".utf8),
    Array(" – ".utf8), Array("Quantité;".utf8), Array("Erledigt".utf8),
    Array(#""shop": "Rewe", "#.utf8), Array(#""default": true, "#.utf8), Array(#""Dairy", "#.utf8),
  ]

  static let encodings = ["auto", "utf-8", "utf-16", "windows-1252", "latin-1"]

  @Test(arguments: [
    "csv", "json", "ndjson", "txt", "csv-aliases", "csv-1252", "csv-utf16", "txt-markup",
    "txt-shared", "csv-languages", "json-backup",
  ])
  func mutatedFilesGiveExit0Or65AndAFailureWritesNothing(sample: String) throws {
    var random = SplitMix64(seed: 0xF022 &+ UInt64(sample.utf8.count))
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Jam")
    let valid = Self.byteSamples[sample] ?? Array(Self.samples[sample, default: ""].utf8)
    let format = sample.prefix { $0 != "-" }
    // The other apps' samples are also read with an encoding said, right or wrong.
    let saysEncoding = sample.contains("-")
    var outcomes: [Int32: Int] = [:]
    for file in 0..<Self.files {
      let bytes = Self.mutate(valid, &random, huge: file % 10 == 9)
      let path = shoplist.folder.appendingPathComponent("fuzz-\(file).\(format)")
      try Data(bytes).write(to: path)
      var arguments = ["import", path.path]
      if Bool.random(using: &random) { arguments.append("--skip-invalid") }
      if Bool.random(using: &random) { arguments += ["--mode", "replace"] }
      if saysEncoding, Bool.random(using: &random) {
        arguments += ["--encoding", Self.encodings.randomElement(using: &random) ?? "auto"]
      }
      let before = shoplist.databaseBytes()

      let result = try shoplist.run(arguments: arguments)

      outcomes[result.status, default: 0] += 1
      #expect([0, 65].contains(result.status), "file \(file): \(result)")
      #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("shoplist: ") })
      if result.status != 0 {
        #expect(shoplist.databaseBytes() == before, "file \(file): \(result)")
      }
    }
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    #expect(outcomes[0, default: 0] > 0 && outcomes[65, default: 0] > 0, "\(outcomes)")
  }

  static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64, huge: Bool) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let at = Int.random(in: 0...bytes.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0: bytes.insert(contentsOf: fragments.randomElement(using: &random) ?? [], at: at)
      case 1 where at < bytes.count: bytes[at] = UInt8.random(in: .min ... .max, using: &random)
      case 2: bytes = Array(bytes.prefix(at))
      case 3 where at < bytes.count:
        let end = min(bytes.count, at + Int.random(in: 1...8, using: &random))
        bytes.removeSubrange(at..<end)
      default:
        let end = min(bytes.count, at + Int.random(in: 1...20, using: &random))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      }
    }
    if huge {
      let at = Int.random(in: 0...bytes.count, using: &random)
      bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "x"), count: 1_200_000), at: at)
    }
    return bytes
  }
}
