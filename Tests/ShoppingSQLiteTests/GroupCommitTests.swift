import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// Writers of one ``ShoppingDatabase`` that arrive while another writes share its commit:
/// each keeps its own work, failure and history entry, and none returns before the commit.
@Suite("Writers sharing a commit")
struct GroupCommitTests {
  let folder: TemporaryFolder
  let path: String
  let database: ShoppingDatabase
  /// Another connection to the same file: what it sees is what was committed.
  let outside: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("shopping.sqlite")
    database = try ShoppingDatabase(path: path)
    try database.seedGroceries([product(1, "Milk")])
    outside = try ShoppingDatabase(path: path)
  }

  @Test func writersWhoWaitedReturnOnlyOnceTheirSharedCommitIsMade() throws {
    let entriesBefore = try historyCount()

    let (others, outcome) = writeBread {
      [
        Writer(database, inserting: product(3, "Eggs")),
        Writer(database, inserting: product(4, "Tea")),
      ]
    }

    // The first writer did the others' work in its transaction and came back with the commit
    // that holds it all: another connection sees all of it already.
    #expect(throws: Never.self) { try outcome.get() }
    #expect(try committedNames() == ["Bread", "Eggs", "Milk", "Tea"])
    for writer in others {
      #expect(throws: Never.self) { try writer.result().get() }
    }
    #expect(try historyCount() == entriesBefore + 3)
  }

  @Test func theWriterHoldingTheConnectionDoesTheWorkOfThoseWaiting() throws {
    let threads = Locked<[UInt]>([])
    let noteThread: @Sendable () -> Void = { threads.modify { $0.append(currentThreadIdentity()) } }

    let (others, outcome) = writeBread {
      noteThread()
      return [
        Writer(database, inserting: [product(3, "Eggs")], whileWriting: noteThread),
        Writer(database, inserting: [product(4, "Tea")], whileWriting: noteThread),
      ]
    }

    #expect(throws: Never.self) { try outcome.get() }
    for writer in others {
      #expect(throws: Never.self) { try writer.result().get() }
    }
    // Each waiting writer slept while the holder did its work, rather than being woken to do
    // it and again for the commit.
    #expect(threads.value.count == 3)
    #expect(Set(threads.value).count == 1)
    #expect(try committedNames() == ["Bread", "Eggs", "Milk", "Tea"])
  }

  @Test func aHolderWhoseOwnWorkFailsHandsTheConnectionToTheNextInLine() throws {
    let entriesBefore = try historyCount()

    let (others, outcome) = writeBread(thenThrowing: true) {
      [
        Writer(database, inserting: product(3, "Eggs")),
        Writer(database, inserting: product(4, "Tea")),
      ]
    }

    #expect(throws: BodyError()) { try outcome.get() }
    for writer in others {
      #expect(throws: Never.self) { try writer.result().get() }
    }
    #expect(try committedNames() == ["Eggs", "Milk", "Tea"])
    #expect(try historyCount() == entriesBefore + 2)
  }

  @Test func aWriterWhoseBodyThrowsLosesOnlyItsOwnWork() throws {
    let entriesBefore = try historyCount()

    let (others, outcome) = writeBread {
      [
        Writer(database, inserting: product(3, "Eggs"), thenThrowing: true),
        Writer(database, inserting: product(4, "Tea")),
      ]
    }

    #expect(throws: Never.self) { try outcome.get() }
    #expect(throws: BodyError()) { try others[0].result().get() }
    #expect(throws: Never.self) { try others[1].result().get() }
    #expect(try committedNames() == ["Bread", "Milk", "Tea"])
    #expect(try historyCount() == entriesBefore + 2)
  }

  @Test func aFullDiskInOneWriterFailsEveryWriterOfItsCommitAndChangesNothing() throws {
    let pages = try #require(try database.rawInteger("PRAGMA page_count"))
    try database.raw("PRAGMA max_page_count = \(pages + 2)")
    let before = try outside.everything()
    var batch: Writer?

    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in
        try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
        let items = (3...2_000).map { number in
          var item = product(UInt64(number), "Item \(number)")
          item.note = String(repeating: "n", count: 150)
          return item
        }
        batch = Writer(database, inserting: items)
        try waitForWriters(1)
      }
    }

    // SQLite rolled the shared transaction back: the first writer's work is lost with the
    // batch's, and the first writer hears it rather than a success.
    #expect(error?.reason == .diskFull)
    let batchError = #expect(throws: DatabaseError.self) { try batch?.result().get() }
    #expect(batchError?.reason == .diskFull)
    #expect(try outside.everything() == before)
    // The connection goes on: the next writer begins a transaction of its own.
    try database.write { repository in
      try repository.execute([.insertProduct(product(5, "Salt"), listID: groceriesID)])
    }
    #expect(try committedNames() == ["Milk", "Salt"])
  }

  @Test func aWriterFindingAReaderWaitingCommitsAtOnceInsteadOfHandingOn() throws {
    let release = DispatchSemaphore(value: 0)
    let first = Locked<Result<Void, any Error>?>(nil)
    let firstDone = DispatchSemaphore(value: 0)
    let second = Locked<Writer?>(nil)
    let reading = Locked<Result<[String], any Error>?>(nil)
    let readingDone = DispatchSemaphore(value: 0)

    Thread.detachNewThread { [database] in
      let result = Result {
        try database.write { repository in
          try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
          // A writer that, once it has the connection, holds it until the test lets go.
          second.set(Writer(database, inserting: [product(3, "Eggs")], holdingUntil: release))
          try waitUntil { database.gate.writersWaiting == 1 }
          Thread.detachNewThread {
            reading.set(
              Result { try database.everything().lists.first?.products.map(\.name) ?? [] })
            readingDone.signal()
          }
          try waitUntil { database.gate.readerWaiting }
        }
      }
      first.set(result)
      firstDone.signal()
    }

    // Handing on would make the first writer wait for the second, which waits for the test.
    let returned = firstDone.wait(timeout: .now() + .seconds(10)) == .success
    release.signal()
    #expect(returned, "the first writer waited for the held one instead of committing")
    #expect(throws: Never.self) { try first.value?.get() }
    #expect(throws: Never.self) { try second.value?.result().get() }
    readingDone.wait()
    // The reader saw a committed state: the first writer's alone, or both.
    let seen = try #require(try reading.value?.get()).sorted()
    #expect(seen == ["Bread", "Milk"] || seen == ["Bread", "Eggs", "Milk"])
    #expect(try committedNames() == ["Bread", "Eggs", "Milk"])
  }

  @Test func manyWritersAtOnceEachCommitTheirOwnWorkAndEntry() throws {
    let entriesBefore = try historyCount()
    let writers = (0..<8).map { thread in
      Writer(
        database,
        inserting: (0..<25).map { product(UInt64(10 + thread * 25 + $0), "w\(thread) \($0)") },
        oneAtATime: true)
    }
    let readings = Locked(0)
    let reader = Thread { [database] in
      while writers.contains(where: { !$0.isFinished }) {
        if (try? database.everything()) != nil { readings.modify { $0 += 1 } }
      }
    }
    reader.start()

    for writer in writers {
      #expect(throws: Never.self) { try writer.result().get() }
    }
    while !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }

    #expect(try committedNames().count == 1 + 8 * 25)
    #expect(try historyCount() == entriesBefore + 8 * 25)
    #expect(readings.value > 0)
  }

  @Test func tasksThatWaitHaveTheirWorkDoneByTheHolderAndResumeAfterItsCommit() async throws {
    let entriesBefore = try historyCount()
    let names = try await withThrowingTaskGroup(of: String.self) { group in
      for number in 0..<40 {
        group.addTask { [database] in
          try await database.write { transaction in
            try transaction.execute([
              .insertProduct(product(UInt64(10 + number), "t\(number)"), listID: groceriesID)
            ])
            return "t\(number)"
          }
        }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }

    #expect(Set(names) == Set((0..<40).map { "t\($0)" }))
    #expect(try committedNames().count == 41)
    #expect(try historyCount() == entriesBefore + 40)
  }

  @Test func aTaskWhoseWorkThrowsLosesOnlyItsOwnAmongThreadsAndTasks() async throws {
    let entriesBefore = try historyCount()
    let tasks = Locked<[Task<Void, any Error>]>([])
    // A thread and two tasks line up behind the first writer, which does all their work. The
    // first writer waits for them on a thread of its own, and the tasks run on one of theirs:
    // with the whole suite running, Swift's few shared threads may all be busy for seconds.
    let executor = ThreadExecutor()
    defer { executor.stop() }
    nonisolated(unsafe) let test = self
    let (threads, outcome) = await onThreadOfItsOwn {
      test.writeBread(waitingFor: 3) {
        let database = test.database
        tasks.set([
          Task(executorPreference: executor) {
            try await database.write { transaction in
              try transaction.execute([.insertProduct(product(4, "Tea"), listID: groceriesID)])
              throw BodyError()
            }
          },
          Task(executorPreference: executor) {
            try await database.write { transaction in
              try transaction.execute([.insertProduct(product(5, "Salt"), listID: groceriesID)])
            }
          },
        ])
        return [Writer(database, inserting: product(3, "Eggs"))]
      }
    }

    #expect(throws: Never.self) { try outcome.get() }
    #expect(throws: Never.self) { try threads[0].result().get() }
    await #expect(throws: BodyError()) { try await tasks.value[0].value }
    await #expect(throws: Never.self) { try await tasks.value[1].value }
    #expect(try committedNames() == ["Bread", "Eggs", "Milk", "Salt"])
    #expect(try historyCount() == entriesBefore + 3)
  }

  @Test func theThreadHoldingForTasksDoesNotKeepTheDatabase() async throws {
    var opened: ShoppingDatabase? = try ShoppingDatabase(path: path)
    weak let released = opened
    try await opened?.write { transaction in
      try transaction.execute([.insertProduct(product(6, "Rice"), listID: groceriesID)])
    }
    opened = nil
    // The holding thread lets go of it once the write it held for has returned.
    try waitUntil { released == nil }
    #expect(try committedNames().contains("Rice"))
  }

  // MARK: - Helpers

  /// One write inserting Bread, during which the writers `start` makes begin and line up
  /// behind it (`count` of them, by default as many as it returns); it then returns, or
  /// throws ``BodyError``. Returns the writers, and how the write ended.
  private func writeBread(
    thenThrowing: Bool = false, waitingFor count: Int? = nil, _ start: () -> [Writer]
  ) -> (writers: [Writer], outcome: Result<Void, any Error>) {
    var writers: [Writer] = []
    let outcome = Result {
      try database.write { repository in
        try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
        writers = start()
        try waitForWriters(count ?? writers.count)
        if thenThrowing { throw BodyError() }
      }
    }
    return (writers, outcome)
  }

  private func waitForWriters(_ count: Int) throws {
    try waitUntil { database.gate.writersWaiting >= count }
  }

  private func committedNames() throws -> [String] {
    (try outside.everything().lists.first?.products.map(\.name) ?? []).sorted()
  }

  private func historyCount() throws -> Int {
    try outside.read { repository in try repository.history(limit: 10_000).count }
  }
}

/// What `body` returns, run on a thread of its own: for blocking work a test awaits.
private func onThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

/// Waits until `condition` holds, for ten seconds at most.
private func waitUntil(_ condition: () -> Bool) throws {
  let deadline = Date().addingTimeInterval(10)
  while !condition() {
    guard Date() < deadline else {
      throw DatabaseError(reason: .other, path: "", message: "the awaited state never came")
    }
    Thread.sleep(forTimeInterval: 0.001)
  }
}

/// Writes on a thread of its own: one write inserting `products` (or one write per product),
/// optionally holding the connection until `release` is signalled, or throwing ``BodyError``
/// after it.
private final class Writer: Sendable {
  private let outcome = Locked<Result<Void, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(
    _ database: ShoppingDatabase, inserting products: [Product], thenThrowing: Bool = false,
    oneAtATime: Bool = false, holdingUntil release: DispatchSemaphore? = nil,
    whileWriting observe: (@Sendable () -> Void)? = nil
  ) {
    let batches = oneAtATime ? products.map { [$0] } : [products]
    Thread.detachNewThread { [outcome, done] in
      let result = Result {
        for batch in batches {
          try database.write { repository in
            try repository.execute(batch.map { .insertProduct($0, listID: groceriesID) })
            observe?()
            release?.wait()
            if thenThrowing { throw BodyError() }
          }
        }
      }
      outcome.set(result)
      done.signal()
    }
  }

  convenience init(
    _ database: ShoppingDatabase, inserting product: Product, thenThrowing: Bool = false
  ) {
    self.init(database, inserting: [product], thenThrowing: thenThrowing)
  }

  var isFinished: Bool { outcome.value != nil }

  /// Waits for the write to end.
  func result() -> Result<Void, any Error> {
    done.wait()
    done.signal()
    return outcome.value ?? .success(())
  }
}
