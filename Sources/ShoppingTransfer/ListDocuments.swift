import ShoppingCore

/// The JSON documents of the contract, written as every front end prints them: a list
/// (`list --json`, and every answer of the server about a list), the lists (`lists --json`),
/// and an import's summary. Field order as documented, exact decimals for quantities.
///
/// ```swift
/// let json = ListDocuments.list(groceries)   // {"list": "Groceries", "items": [...]}
/// ```
public enum ListDocuments {
  /// `{"list": NAME, "items": [...]}` with `products` (every product of `list` by default),
  /// each numbered by its position in `list`.
  public static func list(_ list: ShoppingList, showing products: [Product]? = nil) -> String {
    JSONWriter.listDocument(list, products: products)
  }

  /// One item's object as a list document holds it, at its 1-based `position`:
  /// `{"id": "…", "position": 1, "name": "Milk", …, "updatedAt": "…"}` (no line break).
  public static func item(_ product: Product, position: Int) -> String {
    var writer = JSONWriter()
    writer.item(product, position: position)
    return writer.text
  }

  /// One list of `lists --json`.
  public struct ListEntry: Equatable, Sendable {
    /// The list's name.
    public var name: String
    /// How many items it has.
    public var items: Int
    /// How many of them are checked.
    public var checked: Int
    /// Whether it is the default list.
    public var isDefault: Bool
    /// Its usual shop's name, if it names one.
    public var shop: String?

    /// Creates an entry.
    public init(
      name: String, items: Int, checked: Int, isDefault: Bool = false, shop: String? = nil
    ) {
      self.shop = shop
      self.name = name
      self.items = items
      self.checked = checked
      self.isDefault = isDefault
    }
  }

  /// `{"lists": [{"name": "shopping", "items": 3, "checked": 1, "default": true}]}`: only
  /// the default list's entry has `"default"`.
  public static func lists(_ lists: [ListEntry]) -> String {
    JSONWriter.listsDocument(lists)
  }

  /// `{"items": [item objects, each with "list": NAME]}`: items of several lists.
  public static func items(_ items: [(product: Product, position: Int, list: String)]) -> String {
    JSONWriter.foundItemsDocument(items.map { ($0.product, $0.position, $0.list) })
  }

  /// `{"shops": [{"name": "Lidl", "aisles": ["produce", "bakery"], "default": true}]}`:
  /// every shop with its order, in the order they were made.
  public static func shops(_ shops: Shops) -> String {
    JSONWriter.shopsDocument(
      shops.all.map { ($0.name, $0.aisles.categories, $0.id == shops.defaultID) })
  }

  /// `{"list": "weekend", "shop": "Lidl"}`: a list's usual shop (`null`: none).
  public static func listShop(list: String, shop: String?) -> String {
    JSONWriter.listShopDocument(list: list, shop: shop)
  }

  /// `{"default": "shopping"}`: the default list's name.
  public static func defaultList(_ name: String) -> String {
    JSONWriter.defaultListDocument(name)
  }

  /// `{"aisles": ["produce", "bakery"]}`: the shop order.
  public static func aisles(_ order: ShopOrder) -> String {
    JSONWriter.aislesDocument(order.categories)
  }

  /// `{"added": 120, "updated": 3, "unchanged": 877, "removed": 0, "invalid": 0,
  /// "dryRun": false}`, and `"ignoredColumns": ["price", "store"]` after `dryRun` when the
  /// reader ignored columns, `"headings": 3` when it read headings of a text file as
  /// categories and `"title": "Groceries"` when it skipped its title (each key only then, so
  /// that the summary of a file read whole stays the contract's word for word).
  public static func importSummary(
    _ summary: ImportSummary, dryRun: Bool, notes: ImportNotes = ImportNotes()
  ) -> String {
    var object: JSONObject = [
      "added": .integer(summary.added), "updated": .integer(summary.updated),
      "unchanged": .integer(summary.unchanged), "removed": .integer(summary.removed),
      "invalid": .integer(summary.invalid), "dryRun": .bool(dryRun),
    ]
    if !notes.ignoredColumns.isEmpty {
      object.members.append(
        .init(key: "ignoredColumns", value: .array(notes.ignoredColumns.map { .string($0) })))
    }
    if notes.headings > 0 {
      object.members.append(.init(key: "headings", value: .integer(notes.headings)))
    }
    if let title = notes.title {
      object.members.append(.init(key: "title", value: .string(title)))
    }
    return JSONValue.object(object).document
  }

  /// A list document written product by product, for a list streamed from storage without
  /// being built in memory.
  public struct Stream {
    private var writer: JSONWriter

    /// Starts the document of `list` (its name; its products are not read).
    public init(list: ShoppingList) {
      writer = JSONWriter.listDocumentStart(list)
    }

    /// Adds a product at its 1-based position in the list.
    public mutating func add(_ product: Product, position: Int) {
      writer.listDocumentItem(product, position: position)
    }

    /// Lends `body` the document written so far and not taken yet, as UTF-8 bytes valid only
    /// during the call, once it holds `threshold` bytes or more (else does nothing): to be
    /// written out as it comes, so that a long list's document never sits in memory whole,
    /// nor is copied into a string on its way out.
    public mutating func take(
      over threshold: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
      guard writer.pendingBytes >= threshold else { return }
      try writer.takeBytes(body)
    }

    /// Ends the document and lends `body` its rest, after what ``take(over:_:)`` took.
    public mutating func finish(
      _ body: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
      writer.endListDocument()
      try writer.takeBytes(body)
    }
  }
}

extension ListDocuments.ListEntry {
  /// The entry of a list's summary.
  public init(_ summary: ListSummary) {
    self.init(
      name: summary.name, items: summary.items, checked: summary.checked,
      isDefault: summary.isDefault, shop: summary.shop
    )
  }
}
