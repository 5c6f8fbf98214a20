import Foundation
import ShoppingCore

/// Reads the parts of a history record back, as ``RecordWriter`` wrote them; `nil` for bytes
/// that do not hold what is expected.
struct RecordReader {
  let bytes: [UInt8]
  var index = 0
  /// Whether an item's `updatedAt` is in microseconds (records of version 2), not seconds.
  var updatesInMicroseconds = false

  var isAtEnd: Bool { index == bytes.count }

  mutating func byte() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  mutating func count() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while let byte = byte() {
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value <= UInt64(bytes.count) * 8 ? Int(value) : nil }
      shift += 7
      if shift > 56 { return nil }
    }
    return nil
  }

  mutating func integer() -> Int64? {
    guard bytes.count - index >= 8 else { return nil }
    var value: Int64 = 0
    for offset in (0..<8).reversed() { value = value << 8 | Int64(bytes[index + offset]) }
    index += 8
    return value
  }

  mutating func id() -> UUID? {
    guard bytes.count - index >= 16 else { return nil }
    let b = bytes[index..<index + 16].map { $0 }
    index += 16
    return UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
        b[14], b[15]
      ))
  }

  mutating func ids() -> [UUID]? {
    guard let count = count() else { return nil }
    var ids: [UUID] = []
    ids.reserveCapacity(count)
    for _ in 0..<count {
      guard let id = id() else { return nil }
      ids.append(id)
    }
    return ids
  }

  mutating func text() -> String? {
    guard let count = count(), bytes.count - index >= count else { return nil }
    defer { index += count }
    return String(decoding: bytes[index..<index + count], as: UTF8.self)
  }

  mutating func optionalText() -> String?? {
    switch byte() {
    case 0: return .some(nil)
    case 1: return text().map { .some($0) }
    default: return nil
    }
  }

  mutating func date() -> Date? {
    integer().map { Date(timeIntervalSince1970: TimeInterval($0)) }
  }

  mutating func product() -> Product? {
    guard let id = id(), let name = text(), let checked = byte(), let quantityText = text(),
      let quantity = try? Quantity(quantityText), let unit = optionalText(),
      let category = optionalText(), let note = optionalText(), let addedAt = date(),
      let updatedAt = updatesInMicroseconds ? integer().map(Timestamp.date(microseconds:)) : date()
    else { return nil }
    return Product(
      id: id, name: name, isChecked: checked == 1, quantity: quantity, unit: unit,
      category: category, note: note, addedAt: addedAt, updatedAt: updatedAt
    )
  }

  mutating func stored() -> StoredProduct? {
    guard let product = product(), let listID = id(), let position = integer() else {
      return nil
    }
    return StoredProduct(product: product, listID: listID, position: position)
  }

  mutating func step() -> ChangeRecord.Step? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case 9, 10:
      let tag = byte()
      guard let product = id(), let list = id() else { return nil }
      return tag == 9 ? .added(product, listID: list) : .restored(product, listID: list)
    default:
      return effect().map { .executed($0) }
    }
  }

  mutating func effect() -> PersistenceEffect? {
    switch byte() {
    case 1: return id().map { .deleteList($0) }
    case 2: return ids().map { .deleteProducts($0) }
    case 3:
      guard let id = id(), let name = text(), let createdAt = date() else { return nil }
      return .insertList(id: id, name: name, createdAt: createdAt)
    case 4:
      guard let product = product(), let listID = id() else { return nil }
      return .insertProduct(product, listID: listID)
    case 5:
      guard let id = id(), let name = text() else { return nil }
      return .renameList(id, to: name)
    case 6:
      guard let listID = id(), let order = ids() else { return nil }
      return .reorderProducts(listID: listID, order: order)
    case 7: return product().map { .updateProduct($0) }
    case 8:
      guard let stored = stored() else { return nil }
      return .restoreProduct(stored.product, listID: stored.listID, position: stored.position)
    case 11: return optionalID().map { .setDefaultList($0) }
    case 12: return texts().map { .setShopOrder($0) }
    case 13:
      guard let id = id(), let name = text(), let createdAt = date(), let position = integer()
      else { return nil }
      return .restoreList(id: id, name: name, createdAt: createdAt, position: position)
    case 14:
      guard let id = id(), let name = text() else { return nil }
      return .insertShop(id: id, name: name)
    case 15:
      guard let id = id(), let shop = shop() else { return nil }
      return .restoreShop(id: id, name: shop.name, aisles: shop.aisles, position: shop.position)
    case 16: return id().map { .deleteShop($0) }
    case 17:
      guard let id = id(), let name = text() else { return nil }
      return .renameShop(id, to: name)
    case 18:
      guard let id = id(), let aisles = texts() else { return nil }
      return .setAisles(id, aisles)
    case 19: return optionalID().map { .setDefaultShop($0) }
    case 20:
      guard let listID = id(), let shop = optionalID() else { return nil }
      return .setListShop(listID, shop)
    case 21: return ids().map { .reorderLists($0) }
    default: return nil
    }
  }

  mutating func texts() -> [String]? {
    guard let count = count() else { return nil }
    var texts: [String] = []
    for _ in 0..<count {
      guard let text = text() else { return nil }
      texts.append(text)
    }
    return texts
  }

  /// `.some(nil)` for no id, `nil` for bytes that hold neither.
  mutating func optionalID() -> UUID?? {
    switch byte() {
    case 0: return .some(nil)
    case 1: return id().map { .some($0) }
    default: return nil
    }
  }

  mutating func shop() -> StoredShop? {
    guard let name = text(), let aisles = texts(), let position = integer() else { return nil }
    return StoredShop(name: name, aisles: aisles, position: position)
  }
}
