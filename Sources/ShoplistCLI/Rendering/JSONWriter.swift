import Foundation
import ShoppingCore

/// Writes the contract's JSON documents by hand: field order as documented, exact decimals for
/// quantities, and no reflection on the hot path of `list --json`.
struct JSONWriter {
  private(set) var text = ""

  init(reservingCapacity capacity: Int = 256) {
    text.reserveCapacity(capacity)
  }

  /// `{"list": "shopping", "items": [...]}` with every item of `products`, numbered by its
  /// position in `list`.
  static func listDocument(_ list: ShoppingList, products: [Product]? = nil) -> String {
    var writer = JSONWriter(reservingCapacity: 64 + list.products.count * 320)
    writer.text += #"{"list": "#
    writer.string(list.name)
    writer.text += #", "items": ["#
    let shown = products ?? Array(list.products)
    for (offset, product) in shown.enumerated() {
      if offset > 0 { writer.text += ", " }
      let position = (list.products.index(id: product.id) ?? offset) + 1
      writer.item(product, position: position)
    }
    writer.text += "]}\n"
    return writer.text
  }

  /// `{"lists": [{"name": "shopping", "items": 3, "checked": 1}]}`.
  static func listsDocument(_ lists: [(name: String, items: Int, checked: Int)]) -> String {
    var writer = JSONWriter()
    writer.text += #"{"lists": ["#
    for (offset, list) in lists.enumerated() {
      if offset > 0 { writer.text += ", " }
      writer.text += #"{"name": "#
      writer.string(list.name)
      writer.text += #", "items": \#(list.items), "checked": \#(list.checked)}"#
    }
    writer.text += "]}\n"
    return writer.text
  }

  mutating func item(_ product: Product, position: Int) {
    text += #"{"id": ""#
    text += product.id.canonicalText
    text += #"", "position": \#(position), "name": "#
    string(product.name)
    text += #", "checked": \#(product.isChecked), "quantity": "#
    text += product.quantity.description
    text += #", "unit": "#
    optionalString(product.unit)
    text += #", "category": "#
    optionalString(product.category)
    text += #", "note": "#
    optionalString(product.note)
    text += #", "addedAt": ""#
    text += Timestamp.string(from: product.addedAt)
    text += #"", "updatedAt": ""#
    text += Timestamp.string(from: product.updatedAt)
    text += #""}"#
  }

  /// Appends JSON text written by the caller.
  mutating func append(_ fragment: String) {
    text += fragment
  }

  mutating func optionalString(_ value: String?) {
    if let value { string(value) } else { text += "null" }
  }

  mutating func string(_ value: String) {
    text += "\""
    var needsEscaping = false
    for byte in value.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      needsEscaping = true
      break
    }
    guard needsEscaping else {
      text += value
      text += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    text += "\""
  }
}
