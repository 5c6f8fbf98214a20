import ShoplistTestSupport
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// Other apps' shared text, as people paste it (the contract's "Import", shared text): headings
/// as categories, the title skipped, trailing quantities, Markdown emphasis and strike-through.
@Suite struct SharedTextTests {
  /// What a row reads as: `name|quantity|unit|category|checked`, empty where not given.
  static func describe(_ row: ImportRow) -> String {
    let changes = row.changes
    return [
      row.name, changes.quantity?.description ?? "", (changes.unit ?? nil) ?? "",
      (changes.category ?? nil) ?? "", changes.isChecked.map { $0 ? "x" : "-" } ?? "",
    ].joined(separator: "|")
  }

  static func rows(_ text: String, batchSize: Int = 3) throws -> [String] {
    let batch = try read(.text, text, batchSize: batchSize)
    #expect(batch.errors.isEmpty, "\(batch.errors)")
    return batch.rows.map(describe)
  }

  /// Each example of the contract, on a line of its own among bulleted items where that
  /// matters, read as the contract says.
  @Test(
    arguments: [
      // Headings: two or more #, a line ending with `:`, a bare line among bullets.
      ("- Tea\n## Dairy\n- Milk\n", ["Tea||||", "Milk|||Dairy|"]),
      ("- Tea\n### Dairy ###\n- Milk\n", ["Tea||||", "Milk|||Dairy|"]),
      ("Tea\nDairy:\nMilk\n", ["Tea||||", "Milk|||Dairy|"]),
      ("- Tea\nDairy\n- Milk\n", ["Tea||||", "Milk|||Dairy|"]),
      ("- Tea\n**Dairy**\n- Milk\n", ["Tea||||", "Milk|||Dairy|"]),
      // Until the next heading.
      ("- Tea\nDairy\n- Milk\nBakery\n- Bread\n", ["Tea||||", "Milk|||Dairy|", "Bread|||Bakery|"]),
      // A single # is a comment, as before; so is a file without bullets' bare lines items.
      ("# Week\nTea\nMilk\n", ["Tea||||", "Milk||||"]),
      // The title: the first non-blank line, when it is a heading.
      ("\nGroceries\n- Milk\n", ["Milk||||"]),
      ("## Groceries\n- Milk\n", ["Milk||||"]),
      ("Groceries:\n- Milk\nDairy:\n- Cheese\n", ["Milk||||", "Cheese|||Dairy|"]),
      // Trailing quantities in parentheses or after a dash.
      ("Bananas (6)\n", ["Bananas|6|||"]),
      ("Bagels - 1 pack\n", ["Bagels|1|pack||"]),
      ("Milk – 2 l\n", ["Milk|2|l||"]),
      ("Bread (whole wheat)\n", ["Bread (whole wheat)||||"]),
      ("Salt - sea\n", ["Salt - sea||||"]),
      // Markdown emphasis is markup; strike-through is checked.
      ("**Milk**\n__Eggs__\n*Tea*\n_Jam_\n", ["Milk||||", "Eggs||||", "Tea||||", "Jam||||"]),
      ("~~Milk~~\n- ~~**Eggs**~~\n", ["Milk||||x", "Eggs||||x"]),
      // A bare line giving a quantity among bullets is an item, not a heading.
      ("- Tea\n2 l milk\n", ["Tea||||", "milk|2|l||"]),
      // A boxed line is shoplist's own: read as written, whatever it ends with.
      (
        "[ ] Note:\n[ ] Bananas (6)\n[x] **bold**\n",
        [
          "Note:||||-", "Bananas (6)||||-", "**bold**||||x",
        ]
      ),
    ] as [(String, [String])])
  func theSharedTextRules(text: String, expected: [String]) throws {
    #expect(try Self.rows(text) == expected)
  }

  /// A list shared from an app that groups items under headings and bullets them.
  static let anyListStyle = SharedTextSample.text

  /// A list shared as headings ending with a colon and dashes, in bold, with a list name.
  static let bringStyle = """
    Zuhause:
    - **Bagels** - 1 pack
    - Bread (whole wheat)
    Baking:
    - Flour 1 kg
    - _Sugar_

    """

  @Test func anAnyListStyleTextReadsAsItemsUnderTheirHeadings() throws {
    let (batch, notes) = try readFile(Array(Self.anyListStyle.utf8), named: "shared.txt")
    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(Self.describe) == [
        "Bananas|6||Produce|", "Apples|||Produce|", "Milk|2|l|Dairy|", "Butter|||Dairy|x",
        "Greek yoghurt|500|g|Dairy|",
      ])
    #expect(notes.headings == 2)
    #expect(notes.title == "Groceries")
  }

  @Test func aBringStyleTextReadsAsItemsUnderTheirHeadings() throws {
    let (batch, notes) = try readFile(Array(Self.bringStyle.utf8), named: "shared.txt")
    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(Self.describe) == [
        "Bagels|1|pack||", "Bread (whole wheat)||||", "Flour|1|kg|Baking|", "Sugar|||Baking|",
      ])
    #expect(notes.headings == 1)
    #expect(notes.title == "Zuhause")
  }

  @Test(arguments: [1, 2, 3, 1_000])
  func theBatchSizeChangesNothing(batchSize: Int) throws {
    let batch = try read(.text, Self.anyListStyle, batchSize: batchSize)
    #expect(batch.rows.map(Self.describe).count == 5)
    #expect(batch.rows.map(\.line) == [4, 5, 8, 9, 10])
  }

  @Test func bareLinesWaitOnlySoLongThenAreItems() throws {
    let waiting = TextStyle.maximumWaiting.lines
    let bare = (1...waiting + 5).map { "item \($0)" }.joined(separator: "\n")
    let batch = try read(.text, bare + "\n- bulleted\nafter\n", batchSize: 1_000)
    // Past the limit the file is taken as one without bullets: every bare line is an item.
    #expect(batch.rows.count == waiting + 7)
    #expect(batch.rows.allSatisfy { ($0.changes.category ?? nil) == nil })
  }

  @Test func eachListSectionIsLookedAtAnew() throws {
    let batch = try read(
      .text, "[x] Jam\n# list: Party\nChips\nDip\n# list: Market\n- Kale\nVeg\n- Leek\n")
    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Jam", "Chips", "Dip", "Kale", "Leek"])
    #expect(batch.rows.map { ($0.changes.category ?? nil) ?? "" } == ["", "", "", "", "Veg"])
  }

  @Test func aListLineReadsWhatWaitedAsItemsOfTheListBefore() throws {
    let batch = try read(.text, "Milk\nTea\n# list: party\n- Chips\nSnacks\n- Dip\n")
    #expect(batch.errors.isEmpty)
    #expect(batch.rows.map(\.name) == ["Milk", "Tea", "Chips", "Dip"])
    #expect(batch.rows.map(\.list) == [nil, nil, "party", "party"])
    #expect(batch.rows.map { ($0.changes.category ?? nil) ?? "" } == ["", "", "", "Snacks"])
  }
}
