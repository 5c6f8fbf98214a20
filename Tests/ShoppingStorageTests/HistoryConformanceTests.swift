import Composable
import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// History is written by storage inside each write transaction, on every engine.
@Suite(.offThePool) struct HistoryConformanceTests {
  @Test(arguments: StorageKind.all)
  func aWriteNobodyLabelledIsRecordedUnderTheProgramsName(kind: StorageKind) throws {
    let subject = try kind.make()

    try subject.execute(week)

    let entries = try subject.storage.read { try $0.history(limit: 10) }
    #expect(entries.map(\.command) == [StorageJournal.defaultCommand])
    #expect(entries.first?.summary == "Week: created, 3 added")
  }

  @Test(arguments: StorageKind.all)
  func aLabelledChangeIsOneEntryAndTheCommitAddsNoOther(kind: StorageKind) throws {
    let subject = try kind.make()

    let entry = try subject.storage.write { transaction in
      try transaction.execute(week)
      return try transaction.journal(command: "add Milk Bread Eggs", at: now, by: "Ana")
    }

    let entries = try subject.storage.read { try $0.history(limit: 10) }
    #expect(entries.count == 1)
    #expect(entries.first == entry)
    #expect(entries.first?.by == "Ana")
    #expect(entries.first?.at == now)
  }

  @Test(arguments: StorageKind.all)
  func aStoreOverATransactionIsRecordedToo(kind: StorageKind) throws {
    let subject = try kind.make()

    try subject.storage.write { transaction in
      let store = transaction.makeStore(
        initialState: try transaction.loadState(loadingListsNamed: []),
        reducer: ShoppingReducer(environment: .deterministic(now: now)))
      try store.send(.createList(named: "Week"))
    }

    let entries = try subject.storage.read { try $0.history(limit: 10) }
    #expect(entries.map(\.summary) == ["Week: created"])
  }

  @Test(arguments: StorageKind.all)
  func aWriteThatChangesNothingRecordsNothing(kind: StorageKind) throws {
    let subject = try kind.make()

    try subject.storage.write { _ in }

    #expect(try subject.storage.read { try $0.newestHistoryID() } == 0)
  }

  @Test(arguments: StorageKind.all)
  func aRolledBackWriteLeavesNoEntry(kind: StorageKind) throws {
    let subject = try kind.make()
    struct Cancelled: Error {}

    #expect(throws: Cancelled.self) {
      try subject.storage.write { transaction in
        try transaction.execute(week)
        throw Cancelled()
      }
    }

    #expect(try subject.storage.read { try $0.newestHistoryID() } == 0)
    #expect(try subject.lists.isEmpty)
  }

  @Test(arguments: StorageKind.all)
  func theRecordOfAnEntryUndoesItExactly(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)
    let before = try subject.lists
    var bread = item(2, "Rye bread", checked: true)
    bread.updatedAt = now.addingTimeInterval(60)
    try subject.execute([
      .updateProduct(bread), .deleteProducts([item(3, "").id]),
      .reorderProducts(listID: weekID, order: [item(2, "").id, item(1, "").id]),
      .renameList(weekID, to: "Weekend"),
    ])
    let newest = try subject.storage.read { try $0.newestHistoryID() }

    let record = try #require(try subject.storage.read { try $0.historyRecord(newest) })
    try subject.execute(record.inverse())

    #expect(try subject.lists == before)
  }

  @Test(arguments: StorageKind.all)
  func undoMarksAreStoredAndLinksReadBack(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)
    try subject.storage.write { try undo(1, in: $0) }

    let entries = try subject.storage.read { try $0.history(limit: 10) }
    #expect(entries.map(\.kind) == [.undo, .change])
    #expect(entries.last?.undoneBy == 2)
    #expect(try subject.storage.read { try $0.historyLinks().newestRedoable()?.id } == 2)
  }

  @Test(arguments: StorageKind.all)
  func theHistoryKeepsItsNewestThousandEntries(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.storage.write { transaction in
      for number in 1...(HistoryEntry.kept + 5) {
        try transaction.appendHistory(
          command: "change \(number)", summary: "", kind: .change, target: nil, at: now,
          by: nil, change: ChangeRecord())
      }
    }

    let links = try subject.storage.read { try $0.historyLinks() }
    #expect(links.entries.count == HistoryEntry.kept)
    #expect(links.entries.first?.id == 6)
  }

  @Test(arguments: StorageKind.all)
  func anotherHandleSeesEachChangeAsANewerEntryAndANewVersion(kind: StorageKind) throws {
    let subject = try kind.make()
    let (entry, version) = try subject.other.read {
      (try $0.newestHistoryID(), try $0.dataVersion())
    }

    try subject.execute(week)

    let (newer, newVersion) = try subject.other.read {
      (try $0.newestHistoryID(), try $0.dataVersion())
    }
    #expect(newer > entry)
    #expect(newVersion != version)
  }
}
