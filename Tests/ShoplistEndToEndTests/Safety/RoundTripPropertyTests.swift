import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import Testing

/// For random lists — empty lists, Unicode names, names starting with `#`, `\`, a bullet or a
/// checkbox, names that read as quantity phrases, every field, checked states, equal
/// timestamps — exporting in each format and importing into an empty database gives back
/// exactly what the contract says the format keeps: `list --json` compared byte for byte, and
/// for text the lists, names, order, checked marks, quantities and the units a phrase can
/// carry.
@Suite(.offThePool) struct RoundTripPropertyTests {
  /// Random databases per format; `SHOPLIST_ROUNDTRIP_RUNS` raises it for a long run.
  static let runs = Int(ProcessInfo.processInfo.environment["SHOPLIST_ROUNDTRIP_RUNS"] ?? "") ?? 6

  @Test(arguments: ["json", "csv", "ndjson", "text"])
  func anExportImportedIntoAnEmptyDatabaseGivesBackWhatItsFormatKeeps(format: String) throws {
    var random = SplitMix64(seed: 0x7E57 &+ UInt64(format.utf8.count))
    for run in 0..<Self.runs {
      let lists = Self.randomLists(&random)
      let source = try Shoplist()
      let document = try source.file("source.json", Self.document(lists))
      try source.ok("import", document)
      // The source holds exactly the generated lists (the json import is checked too).
      #expect(try Self.listNames(source) == lists.map(\.name), "run \(run)")

      let exported = try source.ok("export", "--all-lists", "--format", format).stdout
      let copy = try Shoplist()
      let path = try copy.file("backup.\(format)", exported)
      let imported = try copy.run("import", path)
      #expect(imported.status == 0, "run \(run): \(imported)")

      let kept = format == "json" || format == "text" ? lists : lists.filter { !$0.items.isEmpty }
      #expect(try Self.listNames(copy) == kept.map(\.name), "run \(run), \(format)")
      for list in kept {
        let original = try source.ok("list", "--json", "--list=\(list.name)").stdout
        let restored = try copy.ok("list", "--json", "--list=\(list.name)").stdout
        if format == "text" {
          #expect(
            try Self.textFields(restored) == (try Self.textFields(original)),
            "run \(run), list \(list.name)")
        } else {
          #expect(restored == original, "run \(run), \(format), list \(list.name)")
        }
      }
    }
  }

  struct Item {
    var id = UUID()
    var name: String
    var checked: Bool
    var quantity: String
    var unit: String?
    var category: String?
    var note: String?
    var addedAt: String
    var updatedAt: String
  }

  struct List {
    var name: String
    var items: [Item]
  }

  static let nameStarts = [
    "#", "\\", "-", "- ", "* ", "• ", "1. ", "2) ", "[x] ", "[ ] ", "- [x] ", "# list: ", "\"",
    "=", "",
  ]
  static let words = [
    "milk", "Crème fraîche", "牛乳", "Молоко", "👩‍👩‍👧 snacks", "a, b", "say \"hi\"", "semi;colon",
    "two  spaces", "ß", "İstanbul", "1,5", "x", "Item 10", "item 2", "O'Brien", "{json}", "[box]",
    "2 l milk", "box of chocolates", "eggs x12", "½ l cream", "3 musketeers bar", "12x", "x12",
    "500g", "milk 2 l", "KG", "1.5",
  ]
  /// The units of a quantity phrase, as the contract lists them: only these survive text.
  static let phraseUnits: Set<String> = [
    "g", "kg", "mg", "l", "ml", "cl", "dl", "oz", "lb", "pt", "qt", "gal", "pack", "packs", "pcs",
    "pc", "can", "cans", "bottle", "bottles", "box", "boxes", "bag", "bags", "jar", "jars", "dozen",
  ]
  static let times = ["2026-11-20T08:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T23:59:59Z"]

  static func randomLists(_ random: inout SplitMix64) -> [List] {
    var lists: [List] = []
    var listKeys: Set<NameKey> = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let name = Self.name(&random)
      guard listKeys.insert(Naming.key(name)).inserted else { continue }
      var items: [Item] = []
      var keys: Set<NameKey> = []
      let count =
        Int.random(in: 0...2, using: &random) == 0 ? 0 : Int.random(in: 1...12, using: &random)
      for _ in 0..<count {
        let itemName = Self.name(&random)
        guard keys.insert(Naming.key(itemName)).inserted else { continue }
        let added = times.randomElement(using: &random) ?? times[0]
        items.append(
          Item(
            name: itemName, checked: Bool.random(using: &random),
            quantity: ["1", "2", "0.5", "1.25", "12"].randomElement(using: &random) ?? "1",
            unit: optional(["l", "kg", "pack", "a, b", "Box", "dozen", "tins"], &random),
            category: optional(["dairy", "Bakery", "日本", "x;y"], &random),
            note: optional(words, &random),
            addedAt: added, updatedAt: Bool.random(using: &random) ? added : times[2]
          ))
      }
      lists.append(List(name: name, items: items))
    }
    return lists
  }

  static func name(_ random: inout SplitMix64) -> String {
    let start = nameStarts.randomElement(using: &random) ?? ""
    let word = words.randomElement(using: &random) ?? "milk"
    let name = (start + word + " " + String(Int.random(in: 1...99, using: &random)))
    return (try? Naming.name(name)) ?? "plain \(Int.random(in: 1...999, using: &random))"
  }

  static func optional(_ values: [String], _ random: inout SplitMix64) -> String? {
    Bool.random(using: &random) ? nil : values.randomElement(using: &random)
  }

  /// The lists as the JSON document import reads.
  static func document(_ lists: [List]) throws -> String {
    let object: [String: Any] = [
      "format": "shoplist/1",
      "lists": lists.map { list in
        [
          "name": list.name,
          "items": list.items.map { item -> [String: Any] in
            [
              "id": item.id.uuidString, "name": item.name, "checked": item.checked,
              "quantity": item.quantity, "unit": item.unit ?? NSNull(),
              "category": item.category ?? NSNull(), "note": item.note ?? NSNull(),
              "addedAt": item.addedAt, "updatedAt": item.updatedAt,
            ]
          },
        ] as [String: Any]
      },
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  static func listNames(_ shoplist: Shoplist) throws -> [String] {
    let lists = try shoplist.ok("lists", "--json").json()["lists"] as? [[String: Any]] ?? []
    // `lists` names the default list even when no export had it.
    return lists.compactMap { $0["name"] as? String }.filter { name in
      name != "shopping" || lists.first { $0["name"] as? String == name }?["items"] as? Int != 0
    }
  }

  /// What text keeps of each item: name, checked mark, quantity, and the unit when it is one
  /// a phrase can carry.
  static func textFields(_ document: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
    return (object?["items"] as? [[String: Any]] ?? []).map { item in
      let unit = (item["unit"] as? String).flatMap {
        phraseUnits.contains($0.lowercased()) ? $0 : nil
      }
      let quantity = (item["quantity"] as? NSNumber)?.stringValue ?? "?"
      return "\(item["name"] ?? "")|\(item["checked"] ?? "")|\(quantity)|\(unit ?? "")"
    }
  }
}
