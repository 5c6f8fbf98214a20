import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// Copying rows as stored (`db copy`'s storage work), from every engine to every engine: the
/// lists with their ids, sort keys, times and default mark, the members, and the history under
/// its own numbers, times and undo marks, with records that still undo exactly.
@Suite(.offThePool) struct CopyConformanceTests {
  static let ana = Member(id: UUID(), name: "Ana", invitedAt: now)
  static let phone = Device(id: UUID(), joinedAt: now, lastSeenAt: now)

  /// A source holding two lists (the second the default, one item checked, bought at the
  /// second shop), two shops (the first the default), a member with a device and an invite,
  /// two remembered items, and four history entries, the third undone by the fourth.
  static func filledSource(_ kind: StorageKind) throws -> Subject {
    let source = try kind.make()
    try source.execute(week)
    try source.storage.write { transaction in
      try transaction.execute([
        .insertList(id: partyID, name: "Party", createdAt: now.addingTimeInterval(5)),
        .insertProduct(item(4, "Crisps", checked: true), listID: partyID),
        .insertProduct(item(5, "Lemonade"), listID: partyID),
        .setDefaultList(partyID), .setShopOrder(["drinks", "snacks"]),
        .insertShop(id: lidlID, name: "Lidl"), .setAisles(lidlID, ["snacks", "drinks"]),
        .setListShop(partyID, lidlID),
      ])
      try transaction.journal(command: "add Crisps Lemonade", at: now, by: "Ana")
    }
    try source.execute([.renameList(weekID, to: "Weekly")])
    try source.storage.write { try undo(3, in: $0) }
    try source.storage.write { transaction in
      try transaction.insertMember(Self.ana, nameKey: Naming.key("Ana"))
      try transaction.insertInvite(
        StoredInvite(
          codeHash: "code", memberID: Self.ana.id, createdAt: now,
          expiresAt: now.addingTimeInterval(3_600)))
      try transaction.insertDevice(Self.phone, of: Self.ana.id, secretHash: "secret")
      try transaction.remember([
        RememberedItem(
          name: "Oat milk", quantity: 2, unit: "l", category: "dairy", times: 3, updatedAt: now),
        RememberedItem(name: "Tea", updatedAt: now.addingTimeInterval(-60)),
      ])
    }
    return source
  }

  /// Everything a copy must carry, read in one snapshot.
  struct Contents {
    var lists: [ShoppingList.ID]
    var stored: [StoredList]
    var shops: Shops
    var storedShops: [StoredShop?]
    var remembered: [RememberedItem]
    var members: [StoredMember]
    var entries: [HistoryEntry]
    var records: [ChangeRecord]
    var newest: Int

    init(_ transaction: some StorageTransaction) throws {
      let lists = try transaction.storedLists()
      self.lists = lists.map(\.id)
      stored = lists.map(\.list)
      shops = try transaction.shops()
      storedShops = try shops.all.map { try transaction.storedShop($0.id) }
      remembered = try transaction.rememberedItems(named: nil).sorted { $0.name < $1.name }
      members = try transaction.storedMembers()
      let history = try transaction.historyRecords(
        try transaction.historyLinks().entries.map(\.id))
      entries = history.map(\.entry)
      records = history.map(\.change)
      newest = try transaction.newestHistoryID()
    }
  }

  /// Writes `source`'s rows into the empty `target` as `db copy` does: one snapshot of the
  /// source's contents as stored, written in one transaction of the target's.
  static func copy(from source: Subject, to target: Subject) throws {
    let contents = try source.storage.read { try $0.storedContents() }
    try target.storage.write { try $0.insertStoredContents(contents) }
  }

  @Test(arguments: StorageKind.all, StorageKind.all)
  func aCopyReadsBackAsTheSourceDoes(from: StorageKind, to: StorageKind) throws {
    let source = try Self.filledSource(from)
    let target = try to.make()

    try Self.copy(from: source, to: target)

    let expected = try source.storage.read { try Contents($0) }
    #expect(expected.entries.map(\.undoneBy) == [nil, nil, 4, nil])
    #expect(expected.stored.map(\.name) == ["Week", "Party"])
    let copied = try target.storage.read { try Contents($0) }
    #expect(copied.lists == expected.lists)
    #expect(copied.stored == expected.stored)
    #expect(expected.shops.all.map(\.name) == ["default", "Lidl"])
    #expect(expected.shops.ofList == [partyID: lidlID])
    #expect(copied.shops == expected.shops)
    #expect(copied.storedShops == expected.storedShops)
    #expect(expected.remembered.map(\.name) == ["Oat milk", "Tea"])
    #expect(copied.remembered == expected.remembered)
    #expect(copied.members == expected.members)
    #expect(copied.entries == expected.entries)
    #expect(copied.records == expected.records)
    #expect(copied.newest == expected.newest)
    #expect(try target.lists == source.lists)
  }

  @Test(arguments: StorageKind.all, StorageKind.all)
  func aCopiedHistoryUndoesAndGoesOnFromItsNumbers(from: StorageKind, to: StorageKind) throws {
    let source = try Self.filledSource(from)
    let target = try to.make()
    try Self.copy(from: source, to: target)

    // The Party entry (2), undone on the copy from its copied record, as on the source.
    for subject in [source, target] {
      let record = try #require(try subject.storage.read { try $0.historyRecord(2) })
      try subject.storage.write { transaction in
        try transaction.execute(record.inverse())
        try transaction.journal(command: "undo", kind: .undo, target: 2, at: now)
      }
    }

    #expect(try target.lists == source.lists)
    #expect(try target.lists.map(\.name) == ["Week"])
    #expect(try target.storage.read { try $0.newestHistoryID() } == 5)
    let copied = try target.storage.read { try $0.history(limit: 10) }
    #expect(copied == (try source.storage.read { try $0.history(limit: 10) }))
  }

  @Test(arguments: StorageKind.all)
  func aHistoryNumberCopiedTwiceIsAConstraintViolationAndWritesNothing(kind: StorageKind) throws {
    let target = try kind.make()
    let entry = HistoryEntry(
      id: 7, at: now, command: "add Milk", summary: "Week: 1 added", kind: .change)
    try target.storage.write { try $0.insertStoredHistory(entry, change: ChangeRecord()) }

    let error = databaseError {
      try target.storage.write { transaction in
        try transaction.insertStoredMember(
          StoredMember(
            member: Self.ana, nameKey: Naming.key("Ana"), secretHashes: [:], invites: []))
        try transaction.insertStoredHistory(entry, change: ChangeRecord())
      }
    }

    #expect(error?.reason == .constraintViolation)
    #expect(try target.storage.read { try $0.members() }.isEmpty)
    #expect(try target.storage.read { try $0.history(limit: 10) } == [entry])
  }
}
