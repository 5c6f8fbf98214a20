import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// Shops on every engine: made, renamed, reordered, marked the default, named by lists and
/// deleted, each undone exactly from its history record.
@Suite(.offThePool) struct ShopConformanceTests {
  /// Week, with Lidl (the default, bakery then dairy) and Aldi (no order); Week bought at Aldi.
  static let twoShops: [PersistenceEffect] =
    week + [
      .insertShop(id: lidlID, name: "Lidl"), .setDefaultShop(lidlID),
      .setAisles(lidlID, ["bakery", "dairy"]), .insertShop(id: aldiID, name: "Aldi"),
      .setListShop(weekID, aldiID),
    ]

  @Test(arguments: StorageKind.all)
  func shopsReadBackWithTheirOrdersTheDefaultAndEachListsShop(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.twoShops)

    let shops = try subject.storage.read { try $0.shops() }
    #expect(shops.all.map(\.name) == ["Lidl", "Aldi"])
    #expect(shops.all.map(\.aisles.categories) == [["bakery", "dairy"], []])
    #expect(shops.defaultID == lidlID)
    #expect(shops.ofList == [weekID: aldiID])
    #expect(try subject.storage.read { try $0.storedShop(lidlID) }?.aisles == ["bakery", "dairy"])
    #expect(
      try subject.storage.read { try $0.storedList(weekID, withProducts: false) }?.shopID == aldiID)
  }

  @Test(arguments: StorageKind.all)
  func deletingAShopLeavesItsListsWithNone(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.twoShops)

    try subject.execute([.deleteShop(aldiID), .renameShop(lidlID, to: "Lidl Süd")])

    let shops = try subject.storage.read { try $0.shops() }
    #expect(shops.all.map(\.name) == ["Lidl Süd"])
    #expect(shops.ofList.isEmpty)
  }

  @Test(arguments: StorageKind.all)
  func aTakenShopNameAndAMissingShopAreRefusedAndChangeNothing(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.twoShops)

    #expect(
      databaseError { try subject.execute([.renameShop(aldiID, to: "LIDL")]) }?.reason
        == .constraintViolation)
    #expect(
      databaseError { try subject.execute([.insertShop(id: partyID, name: "lidl")]) }?.reason
        == .constraintViolation)
    #expect(
      databaseError { try subject.execute([.setListShop(weekID, partyID)]) }?.reason
        == .constraintViolation)
    for effect: PersistenceEffect in [
      .renameShop(partyID, to: "Rewe"), .setAisles(partyID, ["x"]), .deleteShop(partyID),
      .setDefaultShop(partyID), .setListShop(partyID, lidlID),
    ] {
      #expect(databaseError { try subject.execute([effect]) }?.reason == .rowNotFound, "\(effect)")
    }
    let shops = try subject.storage.read { try $0.shops() }
    #expect(shops.all.map(\.name) == ["Lidl", "Aldi"])
    #expect(shops.defaultID == lidlID)
    #expect(shops.ofList == [weekID: aldiID])
  }

  @Test(arguments: StorageKind.all)
  func everyChangeToShopsUndoesExactly(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.twoShops)
    let before = try subject.storage.read { try Snapshot($0) }

    // One change doing everything at once, as a history entry; then its undo.
    try subject.storage.write { transaction in
      try transaction.execute([
        .setAisles(lidlID, ["dairy"]), .renameShop(aldiID, to: "Aldi Nord"),
        .insertShop(id: partyID, name: "Rewe"), .setListShop(weekID, partyID),
        .setDefaultShop(aldiID), .deleteShop(lidlID),
      ])
      try transaction.journal(command: "shops", at: now)
    }
    let changed = try subject.storage.read { try Snapshot($0) }
    #expect(changed.shops.all.map(\.name) == ["Aldi Nord", "Rewe"])
    #expect(changed.shops.ofList == [weekID: partyID])
    try subject.storage.write { try undo(2, in: $0) }

    #expect(try subject.storage.read { try Snapshot($0) } == before)
  }

  @Test(arguments: StorageKind.all)
  func aDeletedListComesBackWithItsShop(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.twoShops)
    try subject.storage.write { transaction in
      try transaction.execute([.deleteList(weekID)])
      try transaction.journal(command: "lists delete Week", at: now)
    }
    #expect(try subject.storage.read { try $0.shops() }.ofList.isEmpty)

    try subject.storage.write { try undo(2, in: $0) }

    #expect(try subject.storage.read { try $0.shops() }.ofList == [weekID: aldiID])
    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs"])
  }

  /// What a user sees of shops, and each shop's place.
  struct Snapshot: Equatable {
    var shops: Shops
    var stored: [StoredShop?]

    init(_ transaction: some StorageTransaction) throws {
      shops = try transaction.shops()
      stored = try shops.all.map { try transaction.storedShop($0.id) }
    }
  }
}

/// The lists' own order on every engine: reordered, kept, and undone exactly.
@Suite(.offThePool) struct ListOrderConformanceTests {
  static let third = UUID(counting: 900_003)

  /// Week, Party and Garden, made in that order.
  static let threeLists: [PersistenceEffect] =
    week + [
      .insertList(id: partyID, name: "Party", createdAt: now),
      .insertList(id: third, name: "Garden", createdAt: now.addingTimeInterval(60)),
    ]

  func names(_ subject: Subject) throws -> [String] {
    try subject.storage.read { try $0.listSummaries() }.map(\.name)
  }

  @Test(arguments: StorageKind.all)
  func listsKeepTheOrderTheyAreGivenAndAnUndoPutsItBack(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.threeLists)

    try subject.execute([.reorderLists([Self.third, weekID, partyID])])
    #expect(try names(subject) == ["Garden", "Week", "Party"])
    #expect(try subject.storage.read { try $0.storedListOrder() } == [Self.third, weekID, partyID])
    // Lists not named keep their places; a new list comes last.
    try subject.execute([
      .reorderLists([partyID, weekID]),
      .insertList(id: lidlID, name: "Later", createdAt: now.addingTimeInterval(-3_600)),
    ])
    #expect(try names(subject) == ["Garden", "Party", "Week", "Later"])

    try subject.storage.write { try undo(3, in: $0) }
    #expect(try names(subject) == ["Garden", "Week", "Party"])
    try subject.storage.write { try undo(2, in: $0) }
    #expect(try names(subject) == ["Week", "Party", "Garden"])
  }

  @Test(arguments: StorageKind.all)
  func aMissingListIsRowNotFoundAndChangesNothing(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.threeLists)

    let error = databaseError {
      try subject.execute([.reorderLists([Self.third, lidlID, weekID])])
    }

    #expect(error?.reason == .rowNotFound)
    #expect(try names(subject) == ["Week", "Party", "Garden"])
  }

  @Test(arguments: StorageKind.all)
  func aDeletedListComesBackInItsPlaceAfterAMove(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(Self.threeLists + [.reorderLists([Self.third, partyID, weekID])])
    try subject.storage.write { transaction in
      try transaction.execute([.deleteList(partyID)])
      try transaction.journal(command: "lists delete Party", at: now)
    }

    try subject.storage.write { try undo(2, in: $0) }

    #expect(try names(subject) == ["Garden", "Party", "Week"])
  }
}
