import Foundation
import ShoppingCore
import ShoppingStorage

/// Rows read back as the core's values: a product from its columns, its times and quantity,
/// and a value that is not what shoplist writes reported as a corrupt database.
extension ShoppingRepository {
  static let productColumns =
    "id, name, isChecked, quantity, unit, category, note, addedAt, updatedAt"

  /// Decodes a product from a row whose first columns are ``productColumns``.
  func decodeProduct(_ row: Row) throws(DatabaseError) -> Product {
    Product(
      id: try decodeID(row, 0, "product.id"),
      name: row.text(1),
      isChecked: row.integer(2) != 0,
      quantity: try decodeQuantity(row, 3),
      unit: row.optionalText(4),
      category: row.optionalText(5),
      note: row.optionalText(6),
      addedAt: try decodeDate(row, 7, "product.addedAt"),
      updatedAt: try decodeDate(row, 8, "product.updatedAt")
    )
  }

  /// The key of a name as storage holds it: normalised first, as another program may not have
  /// written it so.
  static func key(_ name: String) -> NameKey {
    Naming.key((try? Naming.name(name)) ?? name)
  }

  // MARK: Decoding columns

  func decodeID(_ row: Row, _ column: Int32, _ field: String) throws(DatabaseError) -> UUID
  {
    guard let id = row.uuid(column) else { throw invalid(field, row.text(column)) }
    return id
  }

  func decodeDate(
    _ row: Row, _ column: Int32, _ field: String
  ) throws(DatabaseError) -> Date {
    // Most items of a list share their times: the last timestamp read is compared first.
    guard let bytes = row.bytes(column), let date = recent.date(fromUTF8: bytes) else {
      throw invalid(field, row.text(column))
    }
    return date
  }

  func decodeQuantity(_ row: Row, _ column: Int32) throws(DatabaseError) -> Quantity {
    guard let bytes = row.bytes(column), let quantity = Quantity(utf8: bytes) else {
      throw invalid("product.quantity", row.text(column))
    }
    return quantity
  }

  func invalid(_ field: String, _ value: String) -> DatabaseError {
    DatabaseError(
      reason: .corrupt, path: connection.path, message: "invalid \(field) \"\(value)\""
    )
  }
}
