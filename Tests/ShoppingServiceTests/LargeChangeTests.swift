import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import ShoppingService
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// A change too large to hold its record whole, as an import of many rows makes: every engine
/// stores the record in parts as the change runs (the recording they share takes the parts),
/// and undo and redo take it back part by part, exactly.
@Suite(.smallRecordParts, .offThePool) struct LargeChangeTests {
  /// Items enough for over 64 KiB of record, the part size these tests run under: more than
  /// one part, as 40,000 items make at the size shoplist uses.
  static let count = 3_000
  static let clock = Date(timeIntervalSince1970: 1_900_000_000)

  /// The engines this machine runs.
  static var engines: [StorageChoice] {
    [.memory, .sqlite]
      + (TestTools.runs(needing: PostgresCluster.installedBin != nil) ? [.postgres] : [])
  }

  struct Subject {
    let folder: URL
    let service: ShoppingService
    let listID: UUID
    /// The database before the large change: a list with one item.
    let before: World

    init(_ storage: StorageChoice) throws {
      folder = FileManager.default.temporaryDirectory.appending(path: "large-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      service = ShoppingService(
        storage: try storage.open(in: folder),
        environment: ShoppingEnvironment(now: { LargeChangeTests.clock }, uuid: { UUID() }))
      try CopyTests.add(["Milk"], to: service)
      before = try World.read(service)
      listID = try #require(before.lists.first?.id)
    }

    /// Adds `count` items in batches of 1,000, as an import does, in one entry.
    func addMany() throws {
      try service.storage.write { transaction in
        for start in stride(from: 0, to: LargeChangeTests.count, by: 1_000) {
          try transaction.execute(
            (start..<start + 1_000).map { n in
              .insertProduct(
                Product(
                  id: UUID(counting: 5_000_000 + UInt64(n)), name: "Item \(n)",
                  category: n % 3 == 0 ? "pantry" : nil, addedAt: LargeChangeTests.clock),
                listID: listID)
            })
        }
        try transaction.journal(command: "import many.csv", at: LargeChangeTests.clock)
      }
    }

    /// Runs `sql` on the SQLite file, past shoplist's rules: what a damaged file holds.
    func alter(_ sql: String) throws {
      try service.sqlite.write { repository in try repository.connection.run(sql) }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test(arguments: engines)
  func aLargeChangeIsUndoneAndRedoneExactly(storage: StorageChoice) throws {
    let subject = try Subject(storage)
    defer { subject.remove() }

    try subject.addMany()
    let after = try World.read(subject.service)
    #expect(after.lists.first?.items.count == Self.count + 1)
    // Its record came in parts on this engine too.
    #expect(try subject.service.storage.read { try $0.historyPartCount(2) } ?? 0 >= 2)
    #expect(
      try subject.service.history(limit: 1).first?.summary
        == "shopping: \(Self.count) added")

    try subject.service.undo()
    #expect(try World.read(subject.service) == subject.before)
    #expect(
      try subject.service.history(limit: 1).first?.summary == "shopping: \(Self.count) removed")
    try subject.service.redo()
    #expect(try World.read(subject.service) == after)
    try subject.service.undo()
    #expect(try World.read(subject.service) == subject.before)
  }

  @Test func onSQLiteTheRecordOfALargeChangeIsWrittenInParts() throws {
    let subject = try Subject(.sqlite)
    defer { subject.remove() }

    try subject.addMany()
    try subject.service.undo()

    let parts = try subject.service.sqlite.read { repository in
      try repository.connection.integer(
        "SELECT count(*) FROM historyPart WHERE entry = 2")
    }
    // 3,000 added ids take about 100 KB: one part written as the change ran (at 64 KiB), the
    // rest in the entry.
    #expect(parts == 1)
    let undoParts = try subject.service.sqlite.read { repository in
      try repository.connection.integer("SELECT count(*) FROM historyPart WHERE entry = 3")
    }
    #expect((undoParts ?? 0) >= 1, "the undo keeps every removed item, in parts too")
    let record = try #require(try subject.service.storage.read { try $0.historyRecord(2) })
    #expect(record.steps.count == Self.count)
    #expect(Set(record.addedTo.keys).count == Self.count)
  }

  @Test func anEntryWrittenWholeBeforeRecordsCameInPartsIsUndoneAndRedoneExactly() throws {
    let subject = try Subject(.sqlite)
    defer { subject.remove() }
    try subject.addMany()
    let after = try World.read(subject.service)
    // Given the entry's record as a shoplist before parts wrote it: one record, whole.
    try subject.service.sqlite.write { repository in
      let whole = try #require(try repository.historyRecord(2))
      try repository.connection.run(
        "UPDATE history SET record = ? WHERE id = 2", [.bytes(ChangeRecordCodec.encode(whole))])
      try repository.connection.run("DELETE FROM historyPart")
    }

    try subject.service.undo()
    #expect(try World.read(subject.service) == subject.before)
    try subject.service.redo()
    #expect(try World.read(subject.service) == after)
  }

  @Test func aPartThatCannotBeWrittenLeavesNothingWritten() throws {
    let subject = try Subject(.sqlite)
    defer { subject.remove() }
    try subject.alter(
      """
      CREATE TRIGGER refuseParts BEFORE INSERT ON historyPart
      BEGIN SELECT RAISE(ABORT, 'no room for parts'); END
      """)

    #expect(throws: DatabaseError.self) { try subject.addMany() }

    #expect(try World.read(subject.service) == subject.before)
    #expect(try subject.service.history(limit: 5).count == 1)
  }

  @Test func aLostPartIsReportedAndTheUndoChangesNothing() throws {
    let subject = try Subject(.sqlite)
    defer { subject.remove() }
    try subject.addMany()
    let after = try World.read(subject.service)
    // Given the first of its two parts lost: the one left is numbered 1.
    try subject.alter("UPDATE historyPart SET part = 1 WHERE entry = 2")

    #expect {
      try subject.service.undo()
    } throws: { error in
      (error as? DatabaseError)?.reason == .corrupt
    }

    #expect(try World.read(subject.service) == after)
  }

  @Test(arguments: engines)
  func aLaterChangeToAnItemOfAnyPartStandsInTheWay(storage: StorageChoice) throws {
    let subject = try Subject(storage)
    defer { subject.remove() }
    try subject.addMany()
    // Given a later change to an item the first part added
    try subject.service.storage.write { transaction in
      var item = Product(
        id: UUID(counting: 5_000_000 + 5), name: "Item 5", category: nil, addedAt: Self.clock)
      item.isChecked = true
      try transaction.execute([.updateProduct(item)])
      try transaction.journal(command: "check Item 5", at: Self.clock)
    }

    #expect {
      try subject.service.undo(2)
    } throws: { error in
      "\(error)".contains("#3")
    }
    try subject.service.undo()
    try subject.service.undo(2)
    #expect(try World.read(subject.service) == subject.before)
  }
}

/// Runs a suite's tests with record parts of 64 KiB rather than a mebibyte.
struct SmallRecordParts: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await ChangeRecorder.$partSizeInTask.withValue(64 << 10) { try await function() }
  }
}

extension Trait where Self == SmallRecordParts {
  /// Record parts of 64 KiB, so that a change of a few thousand items comes in parts.
  static var smallRecordParts: Self { SmallRecordParts() }
}
