import ShoppingCore

/// The human view of a list: a heading with counts, then one aligned row per item.
///
/// ```
/// shopping · 3 items, 1 checked
///   1  [ ] Milk    2 l   dairy   organic
///   2  [x] Eggs    12    dairy
///   3  [ ] Bread   1     bakery
/// ```
struct ListTable {
  let list: ShoppingList
  let terminal: Terminal

  func render(showing shown: [Product]? = nil, filterDescription: String? = nil) -> String {
    let products = shown ?? Array(list.products)
    let total = list.products.count
    let checked = list.checkedCount
    var heading = terminal.styled(DisplayText.escaped(list.name), .bold) + " · "
    heading += total == 0 ? "empty" : "\(total) item\(total == 1 ? "" : "s"), \(checked) checked"
    if let filterDescription { heading += " · showing \(DisplayText.escaped(filterDescription))" }
    var lines = [heading]
    if products.isEmpty {
      lines.append(
        total == 0 ? "  (add items with: shoplist add NAME)" : "  (no items match)"
      )
      return lines.joined(separator: "\n") + "\n"
    }
    let rows = products.map { product in
      Row(
        number: String((list.products.index(id: product.id) ?? 0) + 1),
        product: product,
        name: DisplayText.escaped(product.name),
        amount: product.quantity.description
          + (product.unit.map { " \(DisplayText.escaped($0))" } ?? ""),
        category: DisplayText.escaped(product.category ?? ""),
        note: DisplayText.escaped(product.note ?? "")
      )
    }
    let numberWidth = rows.map(\.number.count).max() ?? 1
    let nameWidth = rows.map(\.name.count).max() ?? 0
    let amountWidth = rows.map(\.amount.count).max() ?? 0
    let categoryWidth = rows.map(\.category.count).max() ?? 0
    for row in rows {
      var line = "  " + pad(row.number, numberWidth, leading: true) + "  "
      line += row.product.isChecked ? "[x] " : "[ ] "
      line += pad(row.name, nameWidth) + "  " + pad(row.amount, amountWidth)
      if categoryWidth > 0 {
        line += "  " + pad(row.category, categoryWidth)
      }
      if !row.note.isEmpty {
        line += "  " + row.note
      }
      line = String(line.reversed().drop { $0 == " " }.reversed())
      lines.append(row.product.isChecked ? terminal.styled(line, .dimStruck) : line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private struct Row {
    let number: String
    let product: Product
    let name: String
    let amount: String
    let category: String
    let note: String
  }

  private func pad(_ text: String, _ width: Int, leading: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return leading ? padding + text : text + padding
  }
}
