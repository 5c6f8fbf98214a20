import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

/// History records keep an item's `updatedAt` to the microsecond, so that undo puts back
/// exactly the time a page last saw; records written before (version 1, in seconds) are
/// still read, and undone, as they were.
@Suite struct RecordVersionTests {
  let listID = UUID(counting: 7)

  /// Milk, last changed a microsecond into `now`'s second.
  var milk: Product {
    Product(
      id: UUID(counting: 1), name: "Milk", addedAt: now,
      updatedAt: Timestamp.date(microseconds: Timestamp.microseconds(of: now) + 1))
  }

  @Test func aRecordKeepsAnItemsTimeToTheMicrosecond() throws {
    var change = ChangeRecord()
    change.products[milk.id] = StoredProduct(product: milk, listID: listID, position: 1)

    let read = try #require(ChangeRecordCodec.decode(ChangeRecordCodec.encode(change)))

    #expect(read.products[milk.id]?.product.updatedAt == milk.updatedAt)
  }

  @Test func aRecordWrittenInSecondsIsStillRead() throws {
    // Version 1, as the shoplist before wrote it: no steps, Milk as it was, no lists nor
    // orders.
    var bytes: [UInt8] = [1, 0, 1]
    withUnsafeBytes(of: milk.id.uuid) { bytes += $0 }
    bytes += [4] + Array("Milk".utf8) + [0, 1] + Array("1".utf8) + [0, 0, 0]
    let seconds = Int64(now.timeIntervalSince1970)
    for time in [seconds, seconds + 1] {
      withUnsafeBytes(of: time.littleEndian) { bytes += $0 }
    }
    withUnsafeBytes(of: listID.uuid) { bytes += $0 }
    withUnsafeBytes(of: Int64(1).littleEndian) { bytes += $0 }
    bytes += [0, 0]

    let read = try #require(ChangeRecordCodec.decode(bytes))

    let stored = try #require(read.products[milk.id])
    #expect(stored.product.name == "Milk" && stored.listID == listID && stored.position == 1)
    #expect(stored.product.updatedAt == now.addingTimeInterval(1))
  }
}
