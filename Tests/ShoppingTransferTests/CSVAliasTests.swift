import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// Other apps' CSV files, read through their own column names.
@Suite struct CSVAliasTests {
  @Test(arguments: [
    ("Item", CSVHeader.Field.name), ("PRODUCT", .name), ("Description", .name), ("title", .name),
    ("Qty", .quantity), ("amount", .quantity), ("Count", .quantity), ("Units", .unit),
    ("measure", .unit), ("Aisle", .category), ("section", .category), ("Group", .category),
    ("department", .category), ("Notes", .note), ("comment", .note), ("Details", .note),
    ("Purchased", .checked), ("done", .checked), ("Completed", .checked), ("bought", .checked),
    ("Crossed Off", .checked), ("crossed_off", .checked), ("crossed-off", .checked),
    ("Status", .checked), ("List Name", .list), ("shopping_list", .list),
    ("Shopping-List", .list), (" Added At ", .addedAt), ("updated_at", .updatedAt),
  ])
  func everyAliasNamesItsFieldWhateverItsCaseSpacesUnderscoresAndHyphens(
    header: String, field: CSVHeader.Field
  ) {
    #expect(CSVHeader.field(for: header) == field)
  }

  /// The contract's aliases in German, French, Spanish, Italian, Dutch and Portuguese, each
  /// written as a user's file might: with or without its accents, in any case.
  @Test(arguments: [
    // German
    ("Artikel", CSVHeader.Field.name), ("Produkt", .name), ("Bezeichnung", .name),
    ("Menge", .quantity), ("ANZAHL", .quantity), ("Einheit", .unit), ("Kategorie", .category),
    ("Abteilung", .category), ("Notiz", .note), ("Bemerkung", .note), ("Erledigt", .checked),
    ("gekauft", .checked), ("Liste", .list),
    // French
    ("Article", .name), ("Produit", .name), ("Nom", .name), ("Quantité", .quantity),
    ("QUANTITE", .quantity), ("Unité", .unit), ("Catégorie", .category), ("Rayon", .category),
    ("Remarque", .note), ("Fait", .checked), ("Acheté", .checked),
    // Spanish
    ("Artículo", .name), ("Producto", .name), ("Nombre", .name), ("Cantidad", .quantity),
    ("Unidad", .unit), ("Categoría", .category), ("CATEGORÍA", .category), ("Pasillo", .category),
    ("Nota", .note), ("Hecho", .checked), ("Comprado", .checked), ("Lista", .list),
    // Italian
    ("Articolo", .name), ("Prodotto", .name), ("Nome", .name), ("Quantità", .quantity),
    ("Unità", .unit), ("Reparto", .category), ("Fatto", .checked), ("Comprato", .checked),
    // Dutch
    ("Naam", .name), ("Aantal", .quantity), ("Hoeveelheid", .quantity), ("Eenheid", .unit),
    ("Categorie", .category), ("Afdeling", .category), ("Notitie", .note), ("Gekocht", .checked),
    ("Klaar", .checked), ("Lijst", .list),
    // Portuguese
    ("Artigo", .name), ("Produto", .name), ("Quantidade", .quantity), ("Unidade", .unit),
    ("Corredor", .category), ("Feito", .checked),
  ])
  func everyLanguagesAliasNamesItsFieldWhateverItsCaseAndAccents(
    header: String, field: CSVHeader.Field
  ) {
    #expect(CSVHeader.field(for: header) == field)
  }

  @Test func theYesAndNoOfEachLanguageAreCheckedAndUnchecked() throws {
    let cells = ["ja", "Nein", "oui", "NON", "sí", "si", "no", "sim", "não", "NAO", "nee", "JA"]
    let csv =
      "Artikel;Erledigt\n"
      + cells.enumerated().map { "i\($0.offset);\($0.element)" }
      .joined(separator: "\n") + "\n"
    let batch = try read(.csv, csv)
    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(\.changes.isChecked)
        == [true, false, true, false, true, true, false, true, false, false, false, true])
  }

  @Test func aGermanFileIsReadThroughItsOwnHeaders() throws {
    let csv =
      "Artikel;Menge;Einheit;Kategorie;Erledigt;Preis\nMilch;2;l;Kühlregal;nein;1,19\n"
      + "Äpfel;1,5;kg;Obst;ja;2\n"
    let (batch, notes) = try readFile(Array(csv.utf8))

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows == [
        ImportRow(
          line: 2, name: "Milch",
          changes: try ProductChanges(
            quantity: "2", unit: "l", category: "Kühlregal", isChecked: false)),
        ImportRow(
          line: 3, name: "Äpfel",
          changes: try ProductChanges(
            quantity: "1.5", unit: "kg", category: "Obst", isChecked: true)),
      ])
    #expect(notes == ImportNotes(ignoredColumns: ["Preis"]))
  }

  @Test func wordsThatAreNoAliasNameNothing() {
    for header in ["price", "store", "items", "", "names", "quantities", "list id"] {
      #expect(CSVHeader.field(for: header) == nil, "\(header)")
    }
  }

  @Test func anAliasedFileIsReadAndItsOtherColumnsAreNamedInTheNotes() throws {
    let csv = "Item,Qty,Price,Aisle,Notes,Store\nMilk,2,1.19,Dairy,semi,Lidl\n"
    let (batch, notes) = try readFile(Array(csv.utf8))

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows == [
        ImportRow(
          line: 2, name: "Milk",
          changes: try ProductChanges(quantity: "2", category: "Dairy", note: "semi"))
      ])
    #expect(notes == ImportNotes(ignoredColumns: ["Price", "Store"]))
  }

  @Test func theExactNameWinsOverAnAliasAndTheLosingColumnIsIgnored() throws {
    let batch = try read(.csv, "Item,Name,Qty,Quantity\nmilk (old),Milk,9,2\n")
    #expect(batch.rows.map(\.name) == ["Milk"])
    #expect(batch.rows.first?.changes.quantity == 2)
    let (_, notes) = try readFile(Array("Item,Name,Qty,Quantity\na,b,9,2\n".utf8))
    #expect(notes.ignoredColumns == ["Item", "Qty"])
  }

  @Test func betweenAliasesTheLeftmostWins() throws {
    let (batch, notes) = try readFile(Array("Product,Title,Description\nTea,Jam,Rice\n".utf8))
    #expect(batch.rows.map(\.name) == ["Tea"])
    #expect(notes.ignoredColumns == ["Title", "Description"])
  }

  @Test func aHeaderWithoutANameOrAnAliasOfItStopsTheImport() {
    #expect(throws: ImportError(file: "in.csv", line: 1, reason: .missingNameColumn)) {
      try read(.csv, "price,quantity\nMilk,2\n")
    }
  }

  @Test func anotherAppsCategoryKeepsItsFirstPartAndShoplistsOwnIsTakenAsWritten() throws {
    let aisle = try read(
      .csv, "item,aisle\na,Dairy + Eggs\nb,Dairy > Milk\nc,Fruit & Veg\nd, > Tea\ne,\n")
    #expect(
      aisle.rows.map(\.changes.category)
        == [.some("Dairy"), .some("Dairy"), .some("Fruit & Veg"), .some("Tea"), .some(nil)])

    let own = try read(.csv, "name,category\na,Dairy + Eggs\nb,Dairy > Milk\n")
    #expect(own.rows.map(\.changes.category) == [.some("Dairy + Eggs"), .some("Dairy > Milk")])
  }

  @Test func aStatusColumnsWordsSayWhetherAnItemIsChecked() throws {
    let words = ["Completed", "done", "PURCHASED", " bought ", "checked", "needed", "open", ""]
    let csv =
      "item,status\n"
      + words.enumerated().map { "i\($0.offset),\($0.element)" }
      .joined(separator: "\n")
    let batch = try read(.csv, csv)

    #expect(batch.errors.isEmpty)
    #expect(
      batch.rows.map(\.changes.isChecked)
        == [true, true, true, true, true, false, false, false])
  }

  @Test func otherCheckedAliasesTakeTheUsualSpellings() throws {
    let batch = try read(.csv, "item,crossed off\na,yes\nb,\nc,x\n")
    #expect(batch.rows.map(\.changes.isChecked) == [true, false, true])
    let bad = try read(.csv, "item,done\na,perhaps\n")
    #expect(reasons(bad).map(\.1) == [.invalidChecked("perhaps")])
  }

  @Test func aListNameColumnRoutesRows() throws {
    let batch = try read(.csv, "Shopping List;Item\nParty;Chips\n;Tea\n")
    #expect(batch.rows.map(\.list) == ["Party", nil])
  }

  @Test func aColumnWithoutAHeaderIsNamedByItsNumberOnlyWhenItHoldsSomething() throws {
    let empty = try readFile(Array("name;quantity;\nMilk;2;\nTea;1; \n".utf8))
    #expect(empty.notes.ignoredColumns == [])

    let indexed = try readFile(Array(",name,price\n0,Milk,1\n1,Tea,\n".utf8))
    #expect(indexed.batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(indexed.notes.ignoredColumns == ["column 1", "price"])
  }

  @Test func sniffingKnowsAnAliasOfName() {
    func sniff(_ text: String) -> ImportFormat { ImportFormat.sniff(ArraySlice(text.utf8)) }
    #expect(sniff("Item,Qty\nMilk,2\n") == .csv)
    #expect(sniff("\"Product\";\"Amount\"\nMilk;2\n") == .csv)
    #expect(sniff("List Name\tTitle\nweek\tTea\n") == .csv)
    #expect(sniff("Price,Store\n1,Lidl\n") == .text)
    #expect(sniff("item\nmilk\n") == .text)
  }
}
