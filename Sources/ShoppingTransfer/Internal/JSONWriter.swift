import Foundation
import ShoppingCore

/// Writes the contract's JSON documents by hand: field order as documented, exact decimals for
/// quantities, and no reflection on the hot path of `list --json`.
///
/// It writes bytes, not a `String`: appending many small strings costs more than formatting
/// the whole document of a 10,000-item list.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// The last timestamp written of each kind (to the second, to the microsecond), since most
  /// items of a list share their times: an item's `addedAt` and `updatedAt` alternate, and one
  /// slot for both would miss on every one.
  private var lastDate: (date: Date, text: String)?
  private var lastPreciseDate: (date: Date, text: String)?
  private var itemsWritten = 0

  init(reservingCapacity capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// The document written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Lends `body` the bytes written since the last call, and takes them out: the writer goes
  /// on from there with its room kept, so a long document passes through a buffer of one
  /// size. Bytes, not a string: a writer to a file or a pipe needs neither the copy nor the
  /// check that the text is UTF-8 (it is, as written).
  mutating func takeBytes(
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    defer { bytes.removeAll(keepingCapacity: true) }
    try bytes.withUnsafeBytes(body)
  }

  /// How many bytes are written and not taken yet.
  var pendingBytes: Int { bytes.count }

  /// `{"list": "shopping", "items": [...]}` with every item of `products`, numbered by its
  /// position in `list`.
  static func listDocument(_ list: ShoppingList, products: [Product]? = nil) -> String {
    var writer = listDocumentStart(list)
    if let products {
      for (offset, product) in products.enumerated() {
        let position = (list.products.index(id: product.id) ?? offset) + 1
        writer.listDocumentItem(product, position: position)
      }
    } else {
      for (offset, product) in list.products.enumerated() {
        writer.listDocumentItem(product, position: offset + 1)
      }
    }
    writer.endListDocument()
    return writer.text
  }

  /// Starts a list document to be filled item by item, for lists streamed from storage.
  static func listDocumentStart(_ list: ShoppingList) -> JSONWriter {
    var writer = JSONWriter(reservingCapacity: 64 + min(list.products.count, 1 << 16) * 320)
    writer.append(#"{"list": "#)
    writer.string(list.name)
    writer.append(#", "items": ["#)
    return writer
  }

  /// Adds an item to a document begun with ``listDocumentStart(_:)``.
  mutating func listDocumentItem(_ product: Product, position: Int) {
    if itemsWritten > 0 { append(", ") }
    itemsWritten += 1
    item(product, position: position)
  }

  /// Ends a document begun with ``listDocumentStart(_:)``.
  mutating func endListDocument() {
    append("]}\n")
  }

  /// `{"lists": [{"name": "shopping", "items": 3, "checked": 1}]}`.
  /// The default list's entry has `"default": true` as well.
  static func listsDocument(_ lists: [ListDocuments.ListEntry]) -> String {
    var writer = JSONWriter()
    writer.append(#"{"lists": ["#)
    for (offset, list) in lists.enumerated() {
      if offset > 0 { writer.append(", ") }
      writer.append(#"{"name": "#)
      writer.string(list.name)
      writer.append(contentsOf: #", "items": \#(list.items), "checked": \#(list.checked)"#)
      if list.isDefault { writer.append(#", "default": true"#) }
      if let shop = list.shop {
        writer.append(#", "shop": "#)
        writer.string(shop)
      }
      writer.append("}")
    }
    writer.append("]}\n")
    return writer.text
  }

  /// `{"items": [item objects, each with "list": NAME]}`.
  static func foundItemsDocument(_ items: [(Product, position: Int, list: String)]) -> String {
    var writer = JSONWriter()
    writer.append(#"{"items": ["#)
    for (offset, found) in items.enumerated() {
      if offset > 0 { writer.append(", ") }
      writer.item(found.0, position: found.position, list: found.list)
    }
    writer.append("]}\n")
    return writer.text
  }

  /// `{"shops": [{"name": "Lidl", "aisles": ["produce", "bakery"], "default": true}]}`.
  static func shopsDocument(_ shops: [(name: String, aisles: [String], isDefault: Bool)])
    -> String
  {
    var writer = JSONWriter()
    writer.append(#"{"shops": ["#)
    for (offset, shop) in shops.enumerated() {
      if offset > 0 { writer.append(", ") }
      writer.shop(name: shop.name, aisles: shop.aisles, isDefault: shop.isDefault)
    }
    writer.append("]}\n")
    return writer.text
  }

  /// `{"name": "Lidl", "aisles": ["produce", "bakery"], "default": true}`: one shop, as
  /// `shops --json` and a backup write it.
  mutating func shop(name: String, aisles: [String], isDefault: Bool) {
    append(#"{"name": "#)
    string(name)
    append(#", "aisles": "#)
    strings(aisles)
    append(isDefault ? #", "default": true}"# : #", "default": false}"#)
  }

  static func listShopDocument(list: String, shop: String?) -> String {
    var writer = JSONWriter()
    writer.append(#"{"list": "#)
    writer.string(list)
    writer.append(#", "shop": "#)
    if let shop { writer.string(shop) } else { writer.append("null") }
    writer.append("}\n")
    return writer.text
  }

  static func defaultListDocument(_ name: String) -> String {
    var writer = JSONWriter()
    writer.append(#"{"default": "#)
    writer.string(name)
    writer.append("}\n")
    return writer.text
  }

  static func aislesDocument(_ categories: [String]) -> String {
    var writer = JSONWriter()
    writer.append(#"{"aisles": "#)
    writer.strings(categories)
    writer.append("}\n")
    return writer.text
  }

  /// A JSON array of strings.
  mutating func strings(_ values: [String]) {
    append("[")
    for (offset, value) in values.enumerated() {
      if offset > 0 { append(", ") }
      string(value)
    }
    append("]")
  }

  /// An item object, with its list's name last when `list` is given (an NDJSON line).
  mutating func item(_ product: Product, position: Int, list: String? = nil) {
    let addedAt = timestamp(product.addedAt)
    let updatedAt = timestamp(product.updatedAt, precise: true)
    let quantity = product.quantity.scale == 0 ? nil : product.quantity.description
    let room =
      Self.itemRoom + addedAt.utf8.count + updatedAt.utf8.count + (quantity?.utf8.count ?? 0)
      + Self.literalRoom(product.name) + Self.literalRoom(product.unit)
      + Self.literalRoom(product.category) + Self.literalRoom(product.note)
      + Self.literalRoom(list)
    // Written in place, in room made once for the whole object: appended to the array one by
    // one, its two dozen parts cost more than the writing itself.
    bytes.append(addingCapacity: room) { output in
      output.append(#"{"id": ""#)
      output.append(product.id)
      output.append(#"", "position": "#)
      output.append(decimal: position)
      output.append(#", "name": "#)
      JSONEscaping.appendLiteral(product.name, to: &output)
      output.append(
        product.isChecked
          ? #", "checked": true, "quantity": "# : #", "checked": false, "quantity": "#
      )
      if let quantity {
        output.append(contentsOf: quantity)
      } else {
        output.append(decimal: Int(product.quantity.significand))
      }
      output.append(#", "unit": "#)
      Self.optionalLiteral(product.unit, to: &output)
      output.append(#", "category": "#)
      Self.optionalLiteral(product.category, to: &output)
      output.append(#", "note": "#)
      Self.optionalLiteral(product.note, to: &output)
      output.append(#", "addedAt": ""#)
      output.append(contentsOf: addedAt)
      output.append(#"", "updatedAt": ""#)
      output.append(contentsOf: updatedAt)
      if let list {
        output.append(#"", "list": "#)
        JSONEscaping.appendLiteral(list, to: &output)
        output.append("}")
      } else {
        output.append(#""}"#)
      }
    }
  }

  /// Room for an item's fixed text, its two numbers (up to 20 digits each) and a `null` for
  /// each of its optional strings.
  private static let itemRoom = 256

  private static func literalRoom(_ value: String?) -> Int {
    value.map(JSONEscaping.maximumLiteralCount) ?? 0
  }

  private static func optionalLiteral(_ value: String?, to output: inout OutputSpan<UInt8>) {
    if let value { JSONEscaping.appendLiteral(value, to: &output) } else { output.append("null") }
  }

  /// Appends JSON text written by the caller.
  mutating func append(contentsOf fragment: String) {
    var fragment = fragment
    fragment.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends fixed JSON text: the punctuation and keys every document repeats, copied from
  /// where the program holds them, without the checks a `String` asks for.
  mutating func append(_ fragment: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount))
  }

  mutating func string(_ value: String) {
    JSONEscaping.appendLiteral(value, to: &bytes)
  }

  /// The text of `date`, formatted once for a run of items written at the same time; to the
  /// microsecond when `precise` (an item's `updatedAt`).
  private mutating func timestamp(_ date: Date, precise: Bool = false) -> String {
    if precise {
      if let lastPreciseDate, lastPreciseDate.date == date { return lastPreciseDate.text }
      let text = Timestamp.preciseString(from: date)
      lastPreciseDate = (date, text)
      return text
    }
    if let lastDate, lastDate.date == date { return lastDate.text }
    let text = Timestamp.string(from: date)
    lastDate = (date, text)
    return text
  }
}
