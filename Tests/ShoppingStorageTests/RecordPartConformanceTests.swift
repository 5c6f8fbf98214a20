import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// A change too large to hold its record whole is recorded in parts by the recording every
/// engine shares (`EffectEngine.execute`), and each engine stores the parts: the same
/// behaviour on every engine, here with parts of 4 KiB rather than a mebibyte.
@Suite(.offThePool) struct RecordPartConformanceTests {
  /// Adds `count` items to the list "Week" in batches of 50, each batch a call of `execute`.
  static func addMany(_ count: Int, in transaction: some StorageTransaction) throws {
    for start in stride(from: 0, to: count, by: 50) {
      try transaction.execute(
        (start..<min(count, start + 50)).map { n in
          .insertProduct(item(1_000 + UInt64(n), "Item \(n)"), listID: weekID)
        })
    }
  }

  static func inSmallParts<T>(_ body: () throws -> T) rethrows -> T {
    try ChangeRecorder.$partSizeInTask.withValue(4 << 10) { try body() }
  }

  @Test(arguments: StorageKind.all)
  func aLargeChangeIsStoredInPartsAndReadBackWholeAndUndoneExactly(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)
    let before = try subject.lists

    let entry = try Self.inSmallParts {
      try subject.storage.write { transaction in
        try Self.addMany(500, in: transaction)
        return try transaction.journal(command: "import many.csv", at: now)
      }
    }

    let id = try #require(entry?.id)
    #expect(entry?.summary == "Week: 500 added")
    let (parts, whole) = try subject.storage.read { transaction in
      (try transaction.historyPartCount(id), try transaction.historyRecord(id))
    }
    #expect((parts ?? 0) >= 2, "the record was not stored in parts")
    #expect(whole?.addedTo.count == 500)
    #expect(try subject.names(weekID).count == 503)

    try subject.storage.write { try undo(id, in: $0) }
    #expect(try subject.lists == before)
  }

  @Test(arguments: StorageKind.all)
  func aRecordingRestartedAfterPartsWereStoredLeavesNoneToTheNextEntry(
    kind: StorageKind
  ) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let entry = try Self.inSmallParts {
      try subject.storage.write { transaction in
        try Self.addMany(500, in: transaction)
        transaction.restartRecording()
        #expect(transaction.recordedSummary.isEmpty)
        try transaction.execute([.insertProduct(item(9_999, "Tea"), listID: weekID)])
        return try transaction.journal(command: "add Tea", at: now)
      }
    }

    let id = try #require(entry?.id)
    #expect(entry?.summary == "Week: 1 added")
    let (parts, whole) = try subject.storage.read { transaction in
      (try transaction.historyPartCount(id), try transaction.historyRecord(id))
    }
    #expect(parts == 1)
    #expect(whole?.addedTo.count == 1)
  }

  @Test(arguments: StorageKind.all)
  func aBatchRefusedAfterPartsWereStoredKeepsOnlyWhatTheOthersDid(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let entry = try Self.inSmallParts {
      try subject.storage.write { transaction in
        try Self.addMany(500, in: transaction)
        // Refused whole: its first effect ran, its second names no list.
        #expect(
          databaseError {
            try transaction.execute([
              .insertProduct(item(9_998, "Jam"), listID: weekID),
              .renameList(UUID(counting: 404), to: "Nowhere"),
            ])
          }?.reason == .rowNotFound)
        return try transaction.journal(command: "import many.csv", at: now)
      }
    }

    let id = try #require(entry?.id)
    #expect(entry?.summary == "Week: 500 added")
    let whole = try subject.storage.read { try $0.historyRecord(id) }
    #expect(whole?.addedTo.count == 500)
    #expect(try subject.names(weekID).contains("Jam") == false)
  }
}
