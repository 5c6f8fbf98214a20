import Foundation
import ShoppingCore

/// The compact binary form history keeps a ``ShoppingCore/ChangeRecord`` in: ids as 16 bytes,
/// times as seconds (an item's `updatedAt` as microseconds), text as a length and its UTF-8.
/// A million-row import's record is a few tens of megabytes; an `add`'s, a hundred bytes.
package enum ChangeRecordCodec {
  /// 2 since `updatedAt` is kept to the microsecond; records of version 1, whose `updatedAt`
  /// is in seconds, are still read.
  package static let version: UInt8 = 2

  package static func encode(_ change: ChangeRecord) -> [UInt8] {
    var writer = RecordWriter()
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
    // Shops, after the places: records written before shops end there.
    writer.count(change.shops.count)
    for (id, shop) in change.shops {
      writer.id(id)
      writer.shop(shop)
    }
    writer.count(change.listShops.count)
    for (id, shop) in change.listShops {
      writer.id(id)
      writer.optionalID(shop)
    }
    let shopped = change.lists.filter { $0.value.shopID != nil }
    writer.count(shopped.count)
    for (id, list) in shopped {
      writer.id(id)
      writer.optionalID(list.shopID)
    }
    return writer.bytes
  }

  package static func decode(_ bytes: [UInt8]) -> ChangeRecord? {
    var reader = RecordReader(bytes: bytes)
    guard let written = reader.byte(), written == 1 || written == version else { return nil }
    reader.updatesInMicroseconds = written >= 2
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
    // Records written before shops end here.
    if reader.isAtEnd { return recorder }
    guard let shopCount = reader.count() else { return nil }
    for _ in 0..<shopCount {
      guard let id = reader.id(), let shop = reader.shop() else { return nil }
      recorder.shops[id] = shop
    }
    guard let listShopCount = reader.count() else { return nil }
    for _ in 0..<listShopCount {
      guard let id = reader.id(), let shop = reader.optionalID() else { return nil }
      recorder.listShops[id] = .some(shop)
    }
    guard let shoppedCount = reader.count() else { return nil }
    for _ in 0..<shoppedCount {
      guard let id = reader.id(), let shop = reader.optionalID(), recorder.lists[id] != nil
      else { return nil }
      recorder.lists[id]?.shopID = shop
    }
    return reader.isAtEnd ? recorder : nil
  }
}
