import ShoppingCore

/// What a CSV file's header says each column holds: shoplist's own column names, or other
/// apps' names for the same fields — in English and in the languages of their users (German,
/// French, Spanish, Italian, Dutch, Portuguese) — compared without regard to case, accents,
/// spaces, `_` and `-` (`Item`, `Qty`, `Crossed Off`, `shopping_list`, `Menge`, `Quantité`,
/// `CATEGORÍA`).
///
/// When two columns give one field, the one named exactly as shoplist names it wins, else
/// the leftmost. Every other column is ignored, and named in the import's notes: nothing is
/// dropped without a word.
struct CSVHeader {
  /// A field a column can give.
  enum Field: CaseIterable {
    case name, quantity, unit, category, note, checked, list, id, addedAt, updatedAt
  }

  /// The columns a row's fields are read from, by their index in the header.
  struct Columns: Equatable {
    var name: Int
    var quantity: Int?
    var unit: Int?
    var category: Int?
    var note: Int?
    var checked: Int?
    var list: Int?
    var id: Int?
    var addedAt: Int?
    var updatedAt: Int?
  }

  /// Where each field is read from; `nil` when no column gives a name.
  let columns: Columns?
  /// Whether the category comes from another app's column (`aisle`, `section`, …), whose
  /// `Dairy + Eggs` or `Dairy > Milk` keeps its first part.
  let categoryIsForeign: Bool
  /// Whether the checked state comes from a `status` column, which holds words.
  let checkedIsStatus: Bool
  /// The columns that give no field, with their header as written (trimmed).
  let ignored: [(index: Int, header: String)]

  /// Reads a header row.
  init(_ headers: [String]) {
    var chosen: [Field: (index: Int, exact: Bool, key: String)] = [:]
    var ignored: Set<Int> = []
    for (index, header) in headers.enumerated() {
      let key = Self.key(header)
      guard let (field, exact) = Self.field(forKey: key) else {
        ignored.insert(index)
        continue
      }
      if let current = chosen[field] {
        guard exact, !current.exact else {
          ignored.insert(index)
          continue
        }
        ignored.insert(current.index)
      }
      chosen[field] = (index, exact, key)
    }
    columns = chosen[.name].map { name in
      Columns(
        name: name.index, quantity: chosen[.quantity]?.index, unit: chosen[.unit]?.index,
        category: chosen[.category]?.index, note: chosen[.note]?.index,
        checked: chosen[.checked]?.index, list: chosen[.list]?.index, id: chosen[.id]?.index,
        addedAt: chosen[.addedAt]?.index, updatedAt: chosen[.updatedAt]?.index
      )
    }
    categoryIsForeign = chosen[.category].map { !$0.exact } ?? false
    checkedIsStatus = chosen[.checked]?.key == "status"
    self.ignored = ignored.sorted().map { ($0, RawRow.trimmed(headers[$0])) }
  }

  /// The field a header names, if any.
  static func field(for header: String) -> Field? {
    field(forKey: key(header))?.field
  }

  /// A header as headers are compared: folded as names are loosely compared (case and accents
  /// aside, ``ShoppingCore/Naming/looselyFolded(_:)``), without white space, `_` and `-`.
  static func key(_ header: String) -> String {
    String(
      String.UnicodeScalarView(
        Naming.looselyFolded(header).unicodeScalars.filter {
          !$0.properties.isWhitespace && $0 != "_" && $0 != "-"
        }))
  }

  /// The field a header's key names, and whether it is shoplist's own name for it.
  private static func field(forKey key: String) -> (field: Field, exact: Bool)? {
    switch key {
    case "name": (.name, true)
    case "item", "product", "description", "title",
      "artikel", "produkt", "bezeichnung", "article", "produit", "nom", "articulo", "producto",
      "nombre", "articolo", "prodotto", "nome", "naam", "artigo", "produto":
      (.name, false)
    case "quantity": (.quantity, true)
    case "qty", "amount", "count",
      "menge", "anzahl", "quantite", "cantidad", "quantita", "aantal", "hoeveelheid",
      "quantidade":
      (.quantity, false)
    case "unit": (.unit, true)
    case "units", "measure", "einheit", "unite", "unidad", "unita", "eenheid", "unidade":
      (.unit, false)
    case "category": (.category, true)
    case "aisle", "section", "group", "department",
      "kategorie", "abteilung", "categorie", "rayon", "categoria", "pasillo", "reparto",
      "afdeling", "corredor":
      (.category, false)
    case "note": (.note, true)
    case "notes", "comment", "details", "notiz", "bemerkung", "remarque", "nota", "notitie":
      (.note, false)
    case "checked": (.checked, true)
    case "purchased", "done", "completed", "bought", "crossedoff", "status",
      "erledigt", "gekauft", "fait", "achete", "hecho", "comprado", "fatto", "comprato",
      "gekocht", "klaar", "feito":
      (.checked, false)
    case "list": (.list, true)
    case "listname", "shoppinglist", "liste", "lista", "lijst": (.list, false)
    case "id": (.id, true)
    case "addedat": (.addedAt, true)
    case "updatedat": (.updatedAt, true)
    default: nil
    }
  }

  /// The checked state a `status` cell's word gives: `completed`, `done`, `purchased`,
  /// `bought` and `checked` (any case) are checked, any other word unchecked.
  static func statusIsChecked(_ word: String) -> Bool {
    switch RawRow.trimmed(word).lowercased() {
    case "completed", "done", "purchased", "bought", "checked": true
    default: false
    }
  }

  /// The category another app's cell names: the first part of `Dairy + Eggs` or
  /// `Dairy > Milk`, the whole of anything else. Empty parts are passed over.
  static func foreignCategory(_ cell: String) -> String {
    guard cell.contains(where: { $0 == "+" || $0 == ">" }) else { return cell }
    let parts = cell.split(whereSeparator: { $0 == "+" || $0 == ">" })
    let first = parts.first { !RawRow.trimmed(String($0)).isEmpty }
    return first.map { RawRow.trimmed(String($0)) } ?? ""
  }
}
