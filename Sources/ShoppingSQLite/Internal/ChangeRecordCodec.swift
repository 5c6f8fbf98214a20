import Foundation
import ShoppingCore

/// The compact binary form history keeps a ``ShoppingCore/ChangeRecord`` in: ids as 16 bytes,
/// times as seconds, text as a length and its UTF-8. A million-row import's record is a few
/// tens of megabytes; an `add`'s, a hundred bytes.
enum ChangeRecordCodec {
  static let version: UInt8 = 1

  static func encode(_ change: ChangeRecord) -> [UInt8] {
    var writer = ByteWriter()
    // Room for the steps of an import (two ids each) at once, rather than grown by copies.
    writer.bytes.reserveCapacity(64 + 33 * change.steps.count)
    writer.byte(version)
    writer.count(change.steps.count)
    for step in change.steps {
      let effect: PersistenceEffect
      switch step {
      case let .added(id, listID):
        writer.byte(9)
        writer.id(id)
        writer.id(listID)
        continue
      case let .restored(id, listID):
        writer.byte(10)
        writer.id(id)
        writer.id(listID)
        continue
      case let .executed(executed):
        effect = executed
      }
      writer.effect(effect)
    }
    writer.count(change.products.count)
    for stored in change.products.values { writer.stored(stored) }
    writer.count(change.lists.count)
    for (id, list) in change.lists {
      writer.id(id)
      writer.text(list.name)
      writer.date(list.createdAt)
      writer.count(list.products.count)
      for stored in list.products { writer.stored(stored) }
    }
    writer.count(change.orders.count)
    for (id, order) in change.orders {
      writer.id(id)
      writer.ids(order)
    }
    writer.count(change.settings.count)
    for setting in ChangeRecord.Setting.allCases {
      if let earlier = change.settings[setting] { writer.effect(earlier) }
    }
    // Each list's place among the lists and its default mark, after the settings: records
    // written before lists kept them end there.
    let placed = change.lists.filter { $0.value.position != nil }
    writer.count(placed.count)
    for (id, list) in placed {
      writer.id(id)
      writer.integer(list.position ?? 0)
      writer.byte(list.isDefault ? 1 : 0)
    }
    return writer.bytes
  }

  static func decode(_ bytes: [UInt8]) -> ChangeRecord? {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version else { return nil }
    var recorder = ChangeRecord()
    guard let stepCount = reader.count() else { return nil }
    recorder.steps.reserveCapacity(stepCount)
    for _ in 0..<stepCount {
      guard let step = reader.step() else { return nil }
      recorder.steps.append(step)
      switch step {
      case let .added(id, listID), let .restored(id, listID):
        recorder.addedTo[id] = listID
      case .executed(.insertProduct(let product, let listID)),
        .executed(.restoreProduct(let product, let listID, _)):
        recorder.addedTo[product.id] = listID
      case .executed: break
      }
    }
    guard let productCount = reader.count() else { return nil }
    for _ in 0..<productCount {
      guard let stored = reader.stored() else { return nil }
      recorder.products[stored.product.id] = stored
    }
    guard let listCount = reader.count() else { return nil }
    for _ in 0..<listCount {
      guard let id = reader.id(), let name = reader.text(), let createdAt = reader.date(),
        let count = reader.count()
      else { return nil }
      var list = StoredList(name: name, createdAt: createdAt)
      for _ in 0..<count {
        guard let stored = reader.stored() else { return nil }
        list.products.append(stored)
      }
      recorder.lists[id] = list
    }
    guard let orderCount = reader.count() else { return nil }
    for _ in 0..<orderCount {
      guard let id = reader.id(), let order = reader.ids() else { return nil }
      recorder.orders[id] = order
    }
    // Records written before settings were kept end here.
    if reader.isAtEnd { return recorder }
    guard let settingCount = reader.count() else { return nil }
    for _ in 0..<settingCount {
      guard let earlier = reader.effect(), let setting = ChangeRecord.Setting(changedBy: earlier)
      else { return nil }
      recorder.settings[setting] = earlier
    }
    // Records written before lists kept their places end here.
    if reader.isAtEnd { return recorder }
    guard let placedCount = reader.count() else { return nil }
    for _ in 0..<placedCount {
      guard let id = reader.id(), let position = reader.integer(), let mark = reader.byte(),
        mark <= 1, recorder.lists[id] != nil
      else { return nil }
      recorder.lists[id]?.position = position
      recorder.lists[id]?.isDefault = mark == 1
    }
    return reader.isAtEnd ? recorder : nil
  }
}

/// Appends the parts of a record to bytes.
private struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func count(_ value: Int) {
    var rest = UInt64(value)
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func integer(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func id(_ id: UUID) {
    withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) }
  }

  mutating func ids(_ ids: [UUID]) {
    count(ids.count)
    for id in ids { self.id(id) }
  }

  mutating func text(_ text: String) {
    count(text.utf8.count)
    bytes.append(contentsOf: text.utf8)
  }

  mutating func optionalText(_ text: String?) {
    if let text {
      byte(1)
      self.text(text)
    } else {
      byte(0)
    }
  }

  mutating func date(_ date: Date) {
    integer(Int64(date.timeIntervalSince1970.rounded(.down)))
  }

  mutating func product(_ product: Product) {
    id(product.id)
    text(product.name)
    byte(product.isChecked ? 1 : 0)
    text(product.quantity.description)
    optionalText(product.unit)
    optionalText(product.category)
    optionalText(product.note)
    date(product.addedAt)
    date(product.updatedAt)
  }

  mutating func stored(_ stored: StoredProduct) {
    product(stored.product)
    id(stored.listID)
    integer(stored.position)
  }

  mutating func effect(_ effect: PersistenceEffect) {
    switch effect {
    case let .deleteList(id):
      byte(1)
      self.id(id)
    case let .deleteProducts(ids):
      byte(2)
      self.ids(ids)
    case let .insertList(id, name, createdAt):
      byte(3)
      self.id(id)
      self.text(name)
      self.date(createdAt)
    case let .insertProduct(product, listID):
      byte(4)
      self.product(product)
      self.id(listID)
    case let .renameList(id, name):
      byte(5)
      self.id(id)
      self.text(name)
    case let .reorderProducts(listID, order):
      byte(6)
      self.id(listID)
      self.ids(order)
    case let .updateProduct(product):
      byte(7)
      self.product(product)
    case let .restoreProduct(product, listID, position):
      byte(8)
      self.stored(StoredProduct(product: product, listID: listID, position: position))
    case let .setDefaultList(id):
      byte(11)
      if let id {
        byte(1)
        self.id(id)
      } else {
        byte(0)
      }
    case let .setShopOrder(categories):
      byte(12)
      self.count(categories.count)
      for category in categories { text(category) }
    case let .restoreList(id, name, createdAt, position):
      byte(13)
      self.id(id)
      self.text(name)
      self.date(createdAt)
      self.integer(position)
    }
  }

}

/// Reads the parts of a record back; `nil` for bytes that do not hold what is expected.
private struct ByteReader {
  let bytes: [UInt8]
  var index = 0

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
      let updatedAt = date()
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
    case 11:
      switch byte() {
      case 0: return .setDefaultList(nil)
      case 1: return id().map { .setDefaultList($0) }
      default: return nil
      }
    case 12:
      guard let count = count() else { return nil }
      var categories: [String] = []
      for _ in 0..<count {
        guard let category = text() else { return nil }
        categories.append(category)
      }
      return .setShopOrder(categories)
    case 13:
      guard let id = id(), let name = text(), let createdAt = date(), let position = integer()
      else { return nil }
      return .restoreList(id: id, name: name, createdAt: createdAt, position: position)
    default: return nil
    }
  }
}
