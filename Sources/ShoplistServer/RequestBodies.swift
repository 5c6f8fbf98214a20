import Foundation
import ShoppingCore

/// `POST /api/lists`: `{"name": N}`.
struct NewListBody: Decodable, Sendable {
  let name: String
}

/// `POST /api/lists/{name}/items`: `{"name": N, "quantity"?, "unit"?, "category"?, "note"?}`.
struct NewItemBody: Decodable, Sendable {
  let name: String
  let quantity: QuantityText?
  let unit: String?
  let category: String?
  let note: String?

  /// The fields given, validated as `add` validates them.
  func changes() throws -> ProductChanges {
    try ProductChanges(quantity: quantity?.text, unit: unit, category: category, note: note)
  }
}

/// `PATCH /api/lists/{name}/items/{id}`: any of `{"checked", "name", "quantity", "unit",
/// "category", "note"}`; a text field given as `null` or `""` is cleared.
struct ItemPatchBody: Decodable, Sendable {
  var checked: Bool?
  var name: String?
  var quantity: QuantityText?
  /// `nil`: not given; `.some(nil)`: cleared.
  var unit: String??
  var category: String??
  var note: String??

  private enum CodingKeys: String, CodingKey {
    case checked, name, quantity, unit, category, note
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    checked = try container.decodeIfPresent(Bool.self, forKey: .checked)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    quantity = try container.decodeIfPresent(QuantityText.self, forKey: .quantity)
    func clearable(_ key: CodingKeys) throws -> String?? {
      guard container.contains(key) else { return nil }
      if try container.decodeNil(forKey: key) { return .some(nil) }
      return .some(try container.decode(String.self, forKey: key))
    }
    unit = try clearable(.unit)
    category = try clearable(.category)
    note = try clearable(.note)
  }

  /// The changes, validated as `edit` validates them.
  func changes() throws -> ProductChanges {
    try ProductChanges(
      quantity: quantity?.text, unit: unit.map { $0 ?? "" },
      category: category.map { $0 ?? "" }, note: note.map { $0 ?? "" }, isChecked: checked)
  }

  /// Whether the patch only checks or unchecks.
  var onlyChecks: Bool {
    name == nil && quantity == nil && unit == nil && category == nil && note == nil
  }
}

/// A quantity as JSON gives it: a number (`2`, `0.5`) or a string (`"1.25"`), kept as the
/// decimal text the core validates.
struct QuantityText: Decodable, Sendable {
  let text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self.text = text
    } else {
      let number = try container.decode(Decimal.self)
      self.text = "\(number)"
    }
  }
}
