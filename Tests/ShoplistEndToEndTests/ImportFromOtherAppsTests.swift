import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Files other programs write, made here in their style, imported whole: every item with its
/// fields, and a summary that names what was not read. (No published description of these
/// apps' exports was at hand, so the files are plausible ones, not copies: bullets and
/// quantities as pasted from AnyList, OurGroceries-like columns with `List Name` and
/// `Crossed Off`, a Bring!-like export with sections and a specification, Grocy's `product`
/// and `amount`, a spreadsheet saved in Windows-1252 or as UTF-16 "Unicode Text", and a
/// Markdown checklist.)
@Suite(.offThePool) struct ImportFromOtherAppsTests {
  struct AppFile: CustomStringConvertible, Sendable {
    var description: String
    var file: String
    var bytes: [UInt8]
    /// `name|quantity|unit|category|note|checked`, in list order.
    var items: [String]
    /// What the summary line says after the counts.
    var noted = ""
    var ignoredColumns: [String] = []
    var list = "shopping"
    /// The `"headings"` and `"title"` keys of the JSON summary, when a text file has them.
    var headingsJSON = ""
  }

  /// An item as ``rows(_:list:)`` shows it.
  static func item(
    _ name: String, _ quantity: String = "1", unit: String = "", category: String = "",
    note: String = "", checked: Bool = false
  ) -> String {
    [name, quantity, unit, category, note, checked ? "x" : ""].joined(separator: "|")
  }

  static func utf16LE(_ text: String) -> [UInt8] {
    [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  static func windows1252(_ text: String) -> [UInt8] {
    Array(text.data(using: .windowsCP1252) ?? Data())
  }

  static let files: [AppFile] = [
    AppFile(
      description: "an AnyList-style paste", file: "anylist.txt",
      bytes: Array("• 2 avocados\n• Milk 1 gal\n• Eggs x12\n• 500g ground beef\n• Bread\n".utf8),
      items: [
        item("avocados", "2"), item("Milk", unit: "gal"), item("Eggs", "12"),
        item("ground beef", "500", unit: "g"), item("Bread"),
      ]),
    AppFile(
      description: "an OurGroceries-style CSV", file: "ourgroceries.csv",
      bytes: Array(
        """
        "List Name","Item","Quantity","Category","Crossed Off","Notes","Price","Store"
        "Weekly","Bananas","6","Produce","","ripe ones","1.99","Lidl"
        "Weekly","Milk","2 l","Dairy","yes","","0.99",""
        "Weekly","Bread","","Bakery","","","",""

        """.utf8),
      items: [
        item("Bananas", "6", category: "Produce", note: "ripe ones"),
        item("Milk", "2", unit: "l", category: "Dairy", checked: true),
        item("Bread", category: "Bakery"),
      ],
      noted: " (ignored columns: Price, Store)", ignoredColumns: ["Price", "Store"],
      list: "Weekly"),
    AppFile(
      description: "a Bring!-style export", file: "bring.csv",
      bytes: [0xEF, 0xBB, 0xBF]
        + Array(
          """
          Item;Specification;Section;Status
          Milch;fettarm;Milk & Cheese > Milk;Open
          Tomaten;500 g;Fruits & Vegetables;Bought
          Brot;;Bread + Pastries;Open

          """.utf8),
      items: [
        item("Milch", category: "Milk & Cheese"),
        item("Tomaten", category: "Fruits & Vegetables", checked: true),
        item("Brot", category: "Bread"),
      ],
      noted: " (ignored columns: Specification)", ignoredColumns: ["Specification"]),
    AppFile(
      description: "a Grocy-style CSV", file: "grocy.csv",
      bytes: Array(
        """
        product,amount,note,product_group,done,last_price
        Milk,2 l,,Dairy,0,0.99
        Eggs,x10,free range,Dairy,1,2.49
        Flour,"1,5 kg",,Baking,0,

        """.utf8),
      items: [
        item("Milk", "2", unit: "l"), item("Eggs", "10", note: "free range", checked: true),
        item("Flour", "1.5", unit: "kg"),
      ],
      noted: " (ignored columns: product_group, last_price)",
      ignoredColumns: ["product_group", "last_price"]),
    AppFile(
      description: "a Windows-1252 CSV", file: "excel.csv",
      bytes: windows1252(
        "name;quantity;note\r\nCrème fraîche;1,5;für die Soße\r\nÄpfel;6;\r\n"),
      items: [item("Crème fraîche", "1.5", note: "für die Soße"), item("Äpfel", "6")],
      noted: " (read as windows-1252)"),
    AppFile(
      description: "a German Windows-1252 CSV", file: "einkauf.csv",
      bytes: windows1252(
        "Artikel;Menge;Einheit;Kategorie;Erledigt;Preis\r\nMilch;2;l;Kühlregal;nein;1,19\r\n"
          + "Äpfel;1,5;kg;Obst;ja;2,49\r\nSüßstoff;;;;NEIN;\r\n"),
      items: [
        item("Milch", "2", unit: "l", category: "Kühlregal"),
        item("Äpfel", "1.5", unit: "kg", category: "Obst", checked: true), item("Süßstoff"),
      ],
      noted: " (read as windows-1252) (ignored columns: Preis)", ignoredColumns: ["Preis"]),
    AppFile(
      description: "a UTF-16 file with a byte-order mark", file: "unicode-text.txt.tsv",
      bytes: utf16LE("Item\tQty\tNotes\r\nKäse\t200g\tGouda\r\n牛乳\t1\t\r\n"),
      items: [item("Käse", "200", unit: "g", note: "Gouda"), item("牛乳")]),
    AppFile(
      description: "a Markdown checklist", file: "list.md",
      bytes: Array(
        """
        # Shopping

        ## Produce
        - [ ] Onion
        - [x] 3 lemons
            - [ ] Almond milk 1 l
        ## Dairy
        * [X] Butter
        1. [ ] 2x box of chocolates

        """.utf8),
      items: [
        item("Onion", category: "Produce"), item("lemons", "3", category: "Produce", checked: true),
        item("Almond milk", unit: "l", category: "Produce"),
        item("Butter", category: "Dairy", checked: true),
        item("box of chocolates", "2", category: "Dairy"),
      ],
      noted: " (read 2 headings as categories)", headingsJSON: #", "headings": 2"#),
    AppFile(
      description: "a list shared as text, under headings", file: "shared.txt",
      bytes: Array(SharedTextSample.text.utf8),
      items: [
        item("Bananas", "6", category: "Produce"), item("Apples", category: "Produce"),
        item("Milk", "2", unit: "l", category: "Dairy"),
        item("Butter", category: "Dairy", checked: true),
        item("Greek yoghurt", "500", unit: "g", category: "Dairy"),
      ],
      noted: " (read 2 headings as categories, skipped title \"Groceries\")",
      headingsJSON: #", "headings": 2, "title": "Groceries""#),
  ]

  @Test(arguments: files)
  func anotherProgramsFileImportsWholeAndItsSummarySaysWhatWasNotRead(app: AppFile) throws {
    let shoplist = try Shoplist()
    let path = shoplist.folder.appendingPathComponent(app.file).path
    try Data(app.bytes).write(to: URL(fileURLWithPath: path))

    let result = try shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "imported \(path): \(app.items.count) added, 0 updated, 0 unchanged, 0 removed"
        + app.noted + "\n")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(try Self.rows(shoplist, list: app.list) == app.items)
  }

  @Test(arguments: files)
  func withJSONTheSummaryNamesTheIgnoredColumns(app: AppFile) throws {
    let shoplist = try Shoplist()
    let path = shoplist.folder.appendingPathComponent(app.file).path
    try Data(app.bytes).write(to: URL(fileURLWithPath: path))

    let result = try shoplist.run("import", path, "--json")

    #expect(result.status == 0, "\(result)")
    let ignored =
      app.ignoredColumns.isEmpty
      ? ""
      : #", "ignoredColumns": ["#
        + app.ignoredColumns.map { "\"\($0)\"" }
        .joined(separator: ", ") + "]"
    #expect(
      result.stdout
        == #"{"added": \#(app.items.count), "updated": 0, "unchanged": 0, "removed": 0, "#
        + #""invalid": 0, "dryRun": false\#(ignored)\#(app.headingsJSON)}"# + "\n")
    let readAs = app.noted.contains("read as") ? "shoplist: \(path) was read as windows-1252\n" : ""
    #expect(result.stderr == readAs)
    #expect(try Self.rows(shoplist, list: app.list) == app.items)
  }

  /// The list's items as `name|quantity|unit|category|note|checked` (`x` when checked).
  static func rows(_ shoplist: Shoplist, list: String) throws -> [String] {
    let document = try shoplist.run("list", "--json", "--list", list).json()
    return (document["items"] as? [[String: Any]] ?? []).map { item in
      let quantity = (item["quantity"] as? NSNumber)?.stringValue ?? "?"
      let text = ["unit", "category", "note"].map { item[$0] as? String ?? "" }
      let checked = item["checked"] as? Bool == true ? "x" : ""
      return ([item["name"] as? String ?? "", quantity] + text + [checked])
        .joined(separator: "|")
    }
  }
}
