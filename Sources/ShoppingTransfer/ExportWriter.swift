import ShoppingCore

/// Writes lists in a form `import` reads back, list by list and in chunks, so that exporting
/// holds one list in memory at a time, never the whole output.
///
/// - json: the `shoplist/1` document, one item per line, items as the JSON output writes them,
///   empty lists included; a backup (every list) also marks the default list and each list's
///   shop, and ends with the shops and their orders (`"shops": [...]`), so that importing it
///   into an empty database restores them too;
/// - csv: a header naming every column, then one row per item, with each row's list, id and
///   timestamps, so that importing it into an empty database recreates the same lists;
/// - ndjson: one item object per line, as the JSON output writes it, with its `list`;
/// - text: one item per line as its quantity phrase after its box (`[ ] 2 l milk`,
///   `[x] bread`): the shortest phrase that import reads back as the same name, quantity and
///   unit (see `QuantityPhrase/text(name:quantity:unit:)`); with `--all-lists`, each list
///   starts with a `# list: NAME` line, which import reads back (empty lists too). A unit that
///   is not one of the phrase units cannot be written in a phrase and is left out.
public struct ExportWriter {
  /// The formats `export` writes.
  public enum Format: String, CaseIterable, Sendable {
    /// One JSON document of every list.
    case json
    /// One row per item, with a header.
    case csv
    /// One JSON object per line: each item with its list's name.
    case ndjson
    /// The lists as `list` prints them, for people.
    case text

    /// The format a file's extension names (`.csv`, `.json`, `.ndjson`/`.jsonl`, `.txt`).
    public static func byExtension(_ path: String) -> Format? {
      switch ImportFormat.byExtension(path) {
      case .csv?: .csv
      case .json?: .json
      case .ndjson?: .ndjson
      case .text?: .text
      case .auto?, nil: nil
      }
    }
  }

  /// The CSV header, in the order of the row fields.
  public static let csvHeader = "name,quantity,unit,category,note,checked,list,id,addedAt,updatedAt"

  private let format: Format
  private let commentsLists: Bool
  private let sink: (String) throws -> Void
  private var text = ""
  private var listsWritten = 0

  /// How much text is gathered before it goes to the sink.
  private static let chunkSize = 256 * 1024

  /// - Parameters:
  ///   - format: What to write.
  ///   - commentsLists: Whether text output names each list in a comment line.
  ///   - sink: Where each chunk of the output goes.
  public init(format: Format, commentsLists: Bool, sink: @escaping (String) throws -> Void) {
    self.format = format
    self.commentsLists = commentsLists
    self.sink = sink
  }

  /// Writes what comes before the first list.
  public mutating func begin() throws {
    switch format {
    case .json: text += #"{"format": "shoplist/1", "lists": ["#
    case .csv: text += Self.csvHeader + "\n"
    case .ndjson, .text: break
    }
  }

  /// Writes a list, with its products in order.
  ///
  /// - Parameters:
  ///   - list: The list, loaded.
  ///   - shop: The list's usual shop, written in a backup.
  ///   - isDefault: Whether it is the default list, written in a backup.
  public mutating func write(
    _ list: ShoppingList, shop: String? = nil, isDefault: Bool = false
  ) throws {
    switch format {
    case .json:
      text += listsWritten == 0 ? "\n" : ",\n"
      var writer = JSONWriter()
      writer.append(#"{"name": "#)
      writer.string(list.name)
      if isDefault { writer.append(#", "default": true"#) }
      if let shop {
        writer.append(#", "shop": "#)
        writer.string(shop)
      }
      writer.append(#", "items": ["#)
      text += writer.text
      for (offset, product) in list.products.enumerated() {
        var item = JSONWriter()
        item.append(offset == 0 ? "\n" : ",\n")
        item.item(product, position: offset + 1)
        text += item.text
        try flushIfFull()
      }
      text += list.products.isEmpty ? "]}" : "\n]}"
    case .csv:
      for product in list.products {
        text += Self.csvRow(product, list: list.name)
        try flushIfFull()
      }
    case .ndjson:
      for (offset, product) in list.products.enumerated() {
        var item = JSONWriter()
        item.item(product, position: offset + 1, list: list.name)
        item.append("\n")
        text += item.text
        try flushIfFull()
      }
    case .text:
      if commentsLists { text += "# list: \(list.name)\n" }
      for product in list.products {
        text += Self.textLine(product)
        try flushIfFull()
      }
    }
    listsWritten += 1
  }

  /// Writes what comes after the last list, and hands out what is left.
  ///
  /// - Parameter shops: In a backup, every shop with its order, written after the lists
  ///   (json only).
  public mutating func end(shops: Shops? = nil) throws {
    if format == .json {
      text += listsWritten == 0 ? "]" : "\n]"
      if let shops {
        var writer = JSONWriter()
        writer.append(#", "shops": ["#)
        for (offset, shop) in shops.all.enumerated() {
          writer.append(offset == 0 ? "\n" : ",\n")
          writer.shop(
            name: shop.name, aisles: shop.aisles.categories, isDefault: shop.id == shops.defaultID)
        }
        writer.append(shops.all.isEmpty ? "]" : "\n]")
        text += writer.text
      }
      text += "}\n"
    }
    try sink(text)
    text = ""
  }

  private mutating func flushIfFull() throws {
    guard text.utf8.count >= Self.chunkSize else { return }
    try sink(text)
    text = ""
  }

  /// One CSV row, in the order of ``csvHeader``.
  static func csvRow(_ product: Product, list: String) -> String {
    [
      csvField(product.name), product.quantity.description, csvField(product.unit ?? ""),
      csvField(product.category ?? ""), csvField(product.note ?? ""),
      product.isChecked ? "true" : "false", csvField(list), product.id.canonicalText,
      Timestamp.string(from: product.addedAt), Timestamp.preciseString(from: product.updatedAt),
    ].joined(separator: ",") + "\n"
  }

  /// One line of the text format: the item's box, then its quantity phrase. The box comes
  /// first whatever the name, so no name can be read as a comment, an escape, a bullet or a
  /// box; and after it, the phrase reads back as the name, quantity and unit.
  static func textLine(_ product: Product) -> String {
    (product.isChecked ? "[x] " : "[ ] ")
      + QuantityPhrase.text(name: product.name, quantity: product.quantity, unit: product.unit)
      + "\n"
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break, or starts or ends
  /// with white space (which an unquoted field could lose to a careless reader).
  static func csvField(_ value: String) -> String {
    let needsQuotes =
      value.utf8.contains {
        $0 == .comma || $0 == .quote || $0 == .lineFeed || $0 == .carriageReturn
      } || value.first?.isWhitespace == true || value.last?.isWhitespace == true
    guard needsQuotes else { return value }
    var quoted = "\""
    for character in value {
      quoted.append(character)
      if character == "\"" { quoted.append("\"") }
    }
    return quoted + "\""
  }
}
