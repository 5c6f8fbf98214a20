import Foundation
import ShoppingCore

/// Appends the parts of a history record to bytes, for ``ChangeRecordCodec``: counts as
/// variable-length integers, ids as 16 bytes, times as seconds (an item's `updatedAt` as
/// microseconds), text as a length and its UTF-8.
struct RecordWriter {
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
    integer(Timestamp.microseconds(of: product.updatedAt))
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
      optionalID(id)
    case let .setShopOrder(categories):
      byte(12)
      self.texts(categories)
    case let .restoreList(id, name, createdAt, position):
      byte(13)
      self.id(id)
      self.text(name)
      self.date(createdAt)
      self.integer(position)
    case let .insertShop(id, name):
      byte(14)
      self.id(id)
      self.text(name)
    case let .restoreShop(id, name, aisles, position):
      byte(15)
      self.id(id)
      self.shop(StoredShop(name: name, aisles: aisles, position: position))
    case let .deleteShop(id):
      byte(16)
      self.id(id)
    case let .renameShop(id, name):
      byte(17)
      self.id(id)
      self.text(name)
    case let .setAisles(id, aisles):
      byte(18)
      self.id(id)
      self.texts(aisles)
    case let .setDefaultShop(id):
      byte(19)
      self.optionalID(id)
    case let .setListShop(listID, shop):
      byte(20)
      self.id(listID)
      self.optionalID(shop)
    case let .reorderLists(order):
      byte(21)
      self.ids(order)
    }
  }

  mutating func texts(_ texts: [String]) {
    count(texts.count)
    for text in texts { self.text(text) }
  }

  mutating func optionalID(_ id: UUID?) {
    if let id {
      byte(1)
      self.id(id)
    } else {
      byte(0)
    }
  }

  mutating func shop(_ shop: StoredShop) {
    text(shop.name)
    texts(shop.aisles)
    integer(shop.position)
  }
}
