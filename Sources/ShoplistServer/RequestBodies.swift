import Foundation
import Hummingbird
import ShoppingCore
import ShoppingService

/// `POST /api/lists`: `{"name": N}`.
struct NewListBody: Decodable, Equatable, Sendable {
  let name: String
}

/// `PATCH /api/lists/{name}`: `{"name"?: NEW, "position"?: N}`, a new name, a new 1-based place
/// among the lists, or both.
struct ListPatchBody: Decodable, Equatable, Sendable {
  let name: String?
  /// The list's new 1-based place among the lists.
  let position: Int?
}

/// `POST /api/lists/{name}/items`: `{"name": N, "quantity"?, "unit"?, "category"?, "note"?,
/// "ifUpdatedAt"?}`, or `{"text": "2 l milk", "category"?, "note"?, "ifUpdatedAt"?}`: a
/// quantity phrase, read by the core's rule (``ShoppingCore/QuantityPhrase``) in place of the
/// name, quantity and unit. `"ifUpdatedAt": null` adds only if no item of the name exists; a
/// timestamp updates only the item of the name as it was then.
struct NewItemBody: Decodable, Equatable, Sendable {
  let name: String?
  let text: String?
  let quantity: QuantityText?
  let unit: String?
  let category: String?
  let note: String?
  /// `nil`: not given; `.some(nil)`: `null`.
  let ifUpdatedAt: String??

  private enum CodingKeys: String, CodingKey {
    case name, text, quantity, unit, category, note, ifUpdatedAt
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    text = try container.decodeIfPresent(String.self, forKey: .text)
    quantity = try container.decodeUnlessNull(QuantityText.self, forKey: .quantity)
    unit = try container.decodeIfPresent(String.self, forKey: .unit)
    category = try container.decodeIfPresent(String.self, forKey: .category)
    note = try container.decodeIfPresent(String.self, forKey: .note)
    if !container.contains(.ifUpdatedAt) {
      ifUpdatedAt = nil
    } else if try container.decodeNil(forKey: .ifUpdatedAt) {
      ifUpdatedAt = .some(nil)
    } else {
      ifUpdatedAt = .some(try container.decode(String.self, forKey: .ifUpdatedAt))
    }
    switch (name, text) {
    case (nil, nil):
      throw APIError.badRequest(
        #"give the item as "name" or as "text", a phrase such as 2 l milk"#)
    case (.some, .some):
      throw APIError.badRequest(#"give the item as "name" or as "text", not both"#)
    case (nil, .some) where quantity != nil || unit != nil:
      throw APIError.badRequest(#""text" gives the quantity and unit: leave them out"#)
    default:
      break
    }
  }

  /// The item's name and the fields given, validated as `add` validates them: `name` with
  /// the fields, or what `text` reads as. A phrase in double quotes (`"3 musketeers bar"`,
  /// also as a phone's keyboard curls them) is a name kept whole.
  ///
  /// - Throws: ``APIError`` 422 for a phrase that is only a quantity (`2 l`), or the
  ///   library's error for a field that is not valid.
  func item() throws -> (name: String, changes: ProductChanges) {
    let fields = try ProductChanges(
      quantity: quantity?.text, unit: unit, category: category, note: note)
    guard let text else { return (name ?? "", fields) }
    if let kept = Self.quoted(text) { return (kept, fields) }
    let phrase = QuantityPhrase(parsing: text)
    guard !phrase.isOnlyQuantity else {
      throw APIError(
        .unprocessableContent, "\(DisplayText.quoted(text)) is a quantity, not an item")
    }
    return (phrase.name, fields.amount(of: phrase))
  }

  /// The text inside a pair of double quotes that encloses all of `text`, if one does.
  private static func quoted(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count >= 2, let first = trimmed.first, let last = trimmed.last,
      (first == "\"" && last == "\"") || (first == "\u{201C}" && last == "\u{201D}")
    else { return nil }
    return String(trimmed.dropFirst().dropLast())
  }

  /// What the add requires, if anything: no such item (`null`), or the item as it was.
  func precondition() throws -> ItemPrecondition? {
    switch ifUpdatedAt {
    case .none: nil
    case .some(.none): .absent
    case let .some(.some(text)): .unchangedSince(try IfUpdatedAt.date(text))
    }
  }
}

/// `PATCH /api/lists/{name}/items/{id}`: any of `{"checked", "name", "quantity", "unit",
/// "category", "note"}`; a text field given as `null` or `""` is cleared. With
/// `"ifUpdatedAt"`, only if the item is still as it was then.
struct ItemPatchBody: Decodable, Equatable, Sendable {
  var ifUpdatedAt: String?
  var checked: Bool?
  var name: String?
  var quantity: QuantityText?
  /// `nil`: not given; `.some(nil)`: cleared.
  var unit: String??
  var category: String??
  var note: String??

  private enum CodingKeys: String, CodingKey {
    case checked, name, quantity, unit, category, note, ifUpdatedAt
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.ifUpdatedAt) {
      // `null` would mean "only if there is no such item", which a change of one cannot be.
      ifUpdatedAt = try container.decode(String.self, forKey: .ifUpdatedAt)
    }
    checked = try container.decodeUnlessNull(Bool.self, forKey: .checked)
    name = try container.decodeUnlessNull(String.self, forKey: .name)
    quantity = try container.decodeUnlessNull(QuantityText.self, forKey: .quantity)
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

  /// What the change requires of the item, if anything.
  func precondition() throws -> ItemPrecondition? {
    try ifUpdatedAt.map { .unchangedSince(try IfUpdatedAt.date($0)) }
  }

  /// Whether the patch only checks or unchecks.
  var onlyChecks: Bool {
    name == nil && quantity == nil && unit == nil && category == nil && note == nil
  }
}

extension KeyedDecodingContainer {
  /// The value of `key` if given; a `null` there is refused (400), since the field cannot be
  /// cleared, and leaving it out is how to leave it unchanged.
  func decodeUnlessNull<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard contains(key) else { return nil }
    if try decodeNil(forKey: key) {
      throw APIError.badRequest("\"\(key.stringValue)\" cannot be null: leave it out instead")
    }
    return try decode(type, forKey: key)
  }
}

/// A quantity as JSON gives it: a number (`2`, `0.5`) or a string (`"1.25"`), kept as the
/// decimal text the core validates.
struct QuantityText: Decodable, Equatable, Sendable {
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

/// `ifUpdatedAt`, in a body or the query: an item's `updatedAt` as the client last saw it,
/// in the documents' own form.
enum IfUpdatedAt {
  /// The time `text` gives.
  ///
  /// - Throws: ``APIError`` 400 unless `text` is a timestamp such as `2026-11-21T10:00:00Z`.
  static func date(_ text: String) throws -> Date {
    guard let date = Timestamp.date(from: text) else {
      throw APIError.badRequest(
        "ifUpdatedAt \(DisplayText.quoted(text)) is not a timestamp such as 2026-11-21T10:00:00Z")
    }
    return date
  }

  /// The precondition of `?ifUpdatedAt=` in `request`'s query, if given.
  static func query(of request: Request) throws -> ItemPrecondition? {
    guard let text = try QueryParameter.value("ifUpdatedAt", of: request) else { return nil }
    return .unchangedSince(try date(text))
  }
}

/// A parameter of a request's query, such as `?limit=5`.
enum QueryParameter {
  /// The value of `name` in `request`'s query, percent-decoded, if given.
  ///
  /// - Throws: ``APIError`` 400 when it is given more than once.
  static func value(_ name: String, of request: Request) throws -> String? {
    let values = request.uri.queryParameters[values: name[...]]
    guard let text = values.first else { return nil }
    guard values.count == 1 else { throw APIError.badRequest("\(name) is given twice") }
    return String(text)
  }
}
