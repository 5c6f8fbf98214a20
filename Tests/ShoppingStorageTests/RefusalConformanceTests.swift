import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// What every storage refuses, and how: the same reason, and nothing changed.
@Suite(.offThePool) struct RefusalConformanceTests {
  @Test(arguments: StorageKind.all)
  func aTakenListNameIsAConstraintViolation(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week + [.insertList(id: partyID, name: "Party", createdAt: now)])

    let error = databaseError { try subject.execute([.renameList(partyID, to: "WEEK")]) }

    #expect(error?.reason == .constraintViolation)
    #expect(try subject.lists.map(\.name) == ["Week", "Party"])
  }

  @Test(arguments: StorageKind.all)
  func aTakenItemNameIsAConstraintViolation(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let error = databaseError {
      try subject.execute([.insertProduct(item(9, "milk"), listID: weekID)])
    }

    #expect(error?.reason == .constraintViolation)
    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs"])
  }

  @Test(arguments: StorageKind.all)
  func anEffectOnAMissingRowIsRowNotFound(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    for effect: PersistenceEffect in [
      .updateProduct(item(9, "Tea")), .deleteProducts([item(9, "").id]), .deleteList(partyID),
      .renameList(partyID, to: "Party"), .setDefaultList(partyID),
      .reorderProducts(listID: weekID, order: [item(1, "").id]),
    ] {
      let error = databaseError { try subject.execute([effect]) }
      #expect(error?.reason == .rowNotFound, "\(effect)")
    }
    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs"])
  }

  @Test(arguments: StorageKind.all)
  func aFailedBatchLeavesNothingAndTheTransactionGoesOn(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    try subject.storage.write { transaction in
      let error = databaseError {
        try transaction.execute([
          .insertProduct(item(4, "Tea"), listID: weekID), .deleteProducts([item(9, "").id]),
        ])
      }
      #expect(error?.reason == .rowNotFound)
      #expect(transaction.recordedChange.isEmpty)
      try transaction.execute([.insertProduct(item(5, "Jam"), listID: weekID)])
    }

    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs", "Jam"])
  }

  @Test(arguments: StorageKind.all)
  func aReadTransactionRefusesToWrite(kind: StorageKind) throws {
    let subject = try kind.make()

    let error = databaseError { try subject.storage.read { try $0.execute(week) } }

    #expect(error?.reason == .misuse)
    #expect(try subject.lists.isEmpty)
  }

  @Test(arguments: StorageKind.all)
  func aTransactionUsedAfterItEndedIsRefused(kind: StorageKind) throws {
    let subject = try kind.make()
    let kept = try subject.storage.write { $0 as any StorageTransaction }

    let error = databaseError { _ = try kept.listSummaries() }

    #expect(error?.reason == .misuse)
  }

  @Test(arguments: StorageKind.all)
  func aNestedWriteOnTheSameThreadIsRefusedRatherThanDeadlock(kind: StorageKind) throws {
    let subject = try kind.make()

    let error = databaseError {
      try subject.storage.write { _ in try subject.storage.write { _ in } }
    }

    #expect(error?.reason == .misuse)
  }

  @Test(arguments: StorageKind.all)
  func aWriterKeptWaitingPastTheWaitIsBusyAndChangesNothing(kind: StorageKind) throws {
    let subject = try kind.make(busyTimeout: .milliseconds(200))
    let error = whileAWriteIsHeld(on: subject.storage) {
      databaseError { try subject.other.write { try $0.execute(week) } }
    }

    #expect(error?.reason == .busy)
    #expect(try subject.other.read { try $0.listSummaries() }.isEmpty)
  }
}
