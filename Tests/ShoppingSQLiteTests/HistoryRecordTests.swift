import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// What history records keep of a deleted list, how they are stored, and how a list is put
/// back in its place.
@Suite struct HistoryRecordTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
  }

  func listID(_ number: UInt64) -> UUID { UUID(counting: 3_000_000 + number) }

  /// Lists made in one second, so that only their sort keys order them.
  func makeLists(_ names: [String]) throws {
    try database.write { repository in
      try repository.execute(
        names.enumerated().map { .insertList(id: listID(UInt64($0)), name: $1, createdAt: now) })
    }
  }

  func listNames() throws -> [String] {
    try database.read { try $0.listSummaries().map(\.name) }
  }

  /// Deletes the list `number`, recording, and returns the record.
  func delete(_ number: UInt64) throws -> ChangeRecord {
    try database.write { repository in
      try repository.execute([.deleteList(listID(number))])
      return repository.recordedChange
    }
  }

  @Test func aDeletedListIsRecordedWithItsKeyAndMark() throws {
    try makeLists(["A", "B", "C"])
    try database.write { try $0.execute([.setDefaultList(listID(1))]) }

    let record = try delete(1)

    #expect(record.lists[listID(1)]?.position == 2)
    #expect(record.lists[listID(1)]?.isDefault == true)
    try database.write { try $0.execute(record.inverse()) }
    #expect(try listNames() == ["A", "B", "C"])
    #expect(try database.read { try $0.storedDefaultList() } == listID(1))
  }

  @Test func aListMadeSinceOnTheSameKeyMovesUpAndStaysAfter() throws {
    try makeLists(["A", "B", "C"])
    let record = try delete(2)
    // SQLite hands C's key, one past the largest, to the next list.
    try database.write {
      try $0.execute([.insertList(id: listID(3), name: "D", createdAt: now)])
    }
    #expect(try database.rawInteger("SELECT rowid FROM list WHERE name = 'D'") == 3)

    try database.write { try $0.execute(record.inverse()) }

    #expect(try listNames() == ["A", "B", "C", "D"])
    #expect(try database.rawInteger("SELECT rowid FROM list WHERE name = 'C'") == 3)
    #expect(try database.rawInteger("SELECT rowid FROM list WHERE name = 'D'") == 4)
  }

  @Test func recordsRoundTripWithTheListsPlacesAndMarks() throws {
    var record = ChangeRecord()
    let stored = StoredProduct(product: product(1, "Milk"), listID: listID(1), position: 7)
    record.steps = [
      .executed(.setDefaultList(nil)), .executed(.deleteList(listID(1))),
      .executed(.restoreList(id: listID(2), name: "Party", createdAt: now, position: 9)),
    ]
    record.lists[listID(1)] = StoredList(
      name: "Groceries", createdAt: now, products: [stored], position: 2, isDefault: true)
    record.lists[listID(3)] = StoredList(name: "Hardware", createdAt: now, position: 5)
    record.settings[.defaultList] = .setDefaultList(listID(1))

    #expect(ChangeRecordCodec.decode(ChangeRecordCodec.encode(record)) == record)
  }

  @Test func recordsRoundTripWithShops() throws {
    var record = ChangeRecord()
    let lidl = listID(7)
    record.steps = [
      .executed(.insertShop(id: lidl, name: "Lidl")), .executed(.setAisles(lidl, ["a", "b"])),
      .executed(.renameShop(lidl, to: "Lidl Süd")), .executed(.setDefaultShop(nil)),
      .executed(.setListShop(listID(1), lidl)), .executed(.setListShop(listID(2), nil)),
      .executed(.restoreShop(id: listID(8), name: "Aldi", aisles: ["c"], position: 3)),
      .executed(.deleteShop(listID(8))), .executed(.deleteList(listID(3))),
      .executed(.setShopOrder(["x"])),
    ]
    record.shops[listID(8)] = StoredShop(name: "Aldi", aisles: ["c"], position: 3)
    record.listShops[listID(1)] = .some(nil)
    record.listShops[listID(2)] = .some(lidl)
    record.lists[listID(3)] = StoredList(name: "Week", createdAt: now, position: 4, shopID: lidl)
    record.settings[.defaultShop] = .setDefaultShop(lidl)
    record.settings[.shopOrder] = .setShopOrder([])

    #expect(ChangeRecordCodec.decode(ChangeRecordCodec.encode(record)) == record)
  }

  @Test func recordsWrittenBeforeShopsStillDecode() throws {
    var record = ChangeRecord()
    record.steps = [.executed(.deleteList(listID(1)))]
    record.lists[listID(1)] = StoredList(name: "Groceries", createdAt: now, position: 1)
    let bytes = ChangeRecordCodec.encode(record)
    #expect(bytes.suffix(3) == [0, 0, 0])

    #expect(ChangeRecordCodec.decode(Array(bytes.dropLast(3))) == record)
  }

  @Test func recordsWrittenBeforeListsKeptTheirPlacesStillDecode() throws {
    var record = ChangeRecord()
    record.steps = [.executed(.deleteList(listID(1)))]
    record.lists[listID(1)] = StoredList(name: "Groceries", createdAt: now)
    let bytes = ChangeRecordCodec.encode(record)
    // Such a record ends after the settings: no count of placed lists, nor the three counts
    // of shops after it (here all 0).
    #expect(bytes.suffix(4) == [0, 0, 0, 0])

    let decoded = ChangeRecordCodec.decode(Array(bytes.dropLast(4)))

    #expect(decoded == record)
    #expect(
      decoded?.inverse() == [.insertList(id: listID(1), name: "Groceries", createdAt: now)])
  }
}
