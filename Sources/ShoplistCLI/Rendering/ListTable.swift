import ShoppingCore

/// The human view of a list: a heading with counts, then one row per item, its columns lined
/// up by display width (see ``DisplayWidth``).
///
/// ```
/// shopping · 3 items, 1 checked
///   1  [ ] Milk    2 l  dairy   organic
///   2  [x] Eggs    12   dairy
///   3  [ ] Bread        bakery
/// ```
///
/// A quantity of 1 with no unit is left blank. On a terminal (``Terminal/columns`` set), long
/// names and notes are shortened with `…` so that each row fits; output to a pipe or a file is
/// never shortened.
struct ListTable {
  let list: ShoppingList
  let terminal: Terminal

  /// The table of `shown` (by default every item), or, with `aisles`, the items under
  /// category headings in that shop order (categories it does not name after those, by name;
  /// items without a category last).
  func render(
    showing shown: [Product]? = nil, filterDescription: String? = nil, aisles: ShopOrder? = nil
  ) -> String {
    let products = shown ?? Array(list.products)
    let total = list.products.count
    var heading = terminal.styled(DisplayText.escaped(list.name), .bold) + " · "
    heading +=
      total == 0 ? "empty" : "\(total) item\(total == 1 ? "" : "s"), \(list.checkedCount) checked"
    if let filterDescription { heading += " · showing \(DisplayText.escaped(filterDescription))" }
    if let aisles {
      // Without a stored order the headings are only the categories by name.
      heading +=
        aisles.categories.isEmpty ? " · by category, no shop order set" : " · in shop order"
    }
    var lines = [heading]
    if products.isEmpty {
      lines.append(total == 0 ? "  (add items with: shoplist add NAME)" : "  (no items match)")
      return lines.joined(separator: "\n") + "\n"
    }
    let rows = products.map(row)
    let layout = Layout(rows, showingCategory: aisles == nil, columns: terminal.columns)
    if let aisles {
      for group in Self.groups(rows, in: aisles) {
        lines.append(terminal.styled(DisplayText.escaped(group.heading), .bold))
        lines += group.rows.map { styled(layout.line($0), $0) }
      }
    } else {
      lines += rows.map { styled(layout.line($0), $0) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func row(_ product: Product) -> Row {
    let amount = Describe.amount(product)
    return Row(
      number: String((list.products.index(id: product.id) ?? 0) + 1),
      product: product,
      name: DisplayText.escaped(product.name),
      amount: amount,
      category: DisplayText.escaped(product.category ?? ""),
      note: DisplayText.escaped(product.note ?? "")
    )
  }

  private func styled(_ line: String, _ row: Row) -> String {
    row.product.isChecked ? terminal.styled(line, .dimStruck) : line
  }

  /// The rows under their category headings, in shop order.
  private static func groups(_ rows: [Row], in order: ShopOrder) -> [(heading: String, rows: [Row])]
  {
    var groups: [(place: ShopOrder.Place, heading: String, rows: [Row])] = []
    for row in rows {
      let place = ShopOrder.Place(row.product.category, in: order)
      if let index = groups.firstIndex(where: { $0.place == place }) {
        groups[index].rows.append(row)
      } else {
        let heading = row.product.category.map { category in
          // Under the name the shop order gives it, when it gives one.
          order.rank(of: category).map { order.categories[$0] } ?? category
        }
        groups.append((place, heading ?? "(no category)", [row]))
      }
    }
    // Stable: groups of one place never meet, so sorting by place keeps nothing else in play.
    return groups.sorted { $0.place < $1.place }.map { ($0.heading, $0.rows) }
  }

  private struct Row {
    let number: String
    let product: Product
    let name: String
    let amount: String
    let category: String
    let note: String
  }

  /// Column widths, and the room names and notes get when a terminal's width bounds the rows.
  private struct Layout {
    let numberWidth: Int
    let nameWidth: Int
    let amountWidth: Int
    let categoryWidth: Int
    /// The most columns a note may take, when bounded.
    let noteRoom: Int?

    init(_ rows: [Row], showingCategory: Bool, columns: Int?) {
      numberWidth = rows.map(\.number.count).max() ?? 1
      amountWidth = rows.map { DisplayWidth.of($0.amount) }.max() ?? 0
      categoryWidth = showingCategory ? rows.map { DisplayWidth.of($0.category) }.max() ?? 0 : 0
      let fullName = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
      let fullNote = rows.map { DisplayWidth.of($0.note) }.max() ?? 0
      guard let columns else {
        (nameWidth, noteRoom) = (fullName, nil)
        return
      }
      // Indent, number, box, then the fixed columns, each after two spaces.
      var fixed = 2 + numberWidth + 2 + 4
      if amountWidth > 0 { fixed += 2 + amountWidth }
      if categoryWidth > 0 { fixed += 2 + categoryWidth }
      let room = columns - fixed
      if fullNote == 0 {
        (nameWidth, noteRoom) = (min(fullName, max(Self.shortest, room)), nil)
      } else {
        // Names keep their width if they can; notes get what is left, and at least a few
        // columns of their own before names are shortened.
        let name = min(fullName, max(Self.shortest, room - 2 - min(fullNote, Self.shortest)))
        (nameWidth, noteRoom) = (name, max(1, room - name - 2))
      }
    }

    /// The narrowest a shortened name or note is made.
    static let shortest = 8

    func line(_ row: Row) -> String {
      var line = "  " + DisplayWidth.padded(row.number, to: numberWidth, leading: true) + "  "
      line += row.product.isChecked ? "[x] " : "[ ] "
      line += DisplayWidth.padded(DisplayWidth.truncated(row.name, to: nameWidth), to: nameWidth)
      if amountWidth > 0 { line += "  " + DisplayWidth.padded(row.amount, to: amountWidth) }
      if categoryWidth > 0 { line += "  " + DisplayWidth.padded(row.category, to: categoryWidth) }
      if !row.note.isEmpty {
        line += "  " + (noteRoom.map { DisplayWidth.truncated(row.note, to: $0) } ?? row.note)
      }
      // Without the padding after the last column; an index walk, not `reversed()` twice,
      // which went through unspecialized generic code and took most of a long list's time.
      var end = line.endIndex
      while end > line.startIndex {
        let before = line.index(before: end)
        guard line[before] == " " else { break }
        end = before
      }
      return String(line[..<end])
    }
  }
}
