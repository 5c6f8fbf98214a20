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
    var others: [Writer] = []

    try database.write { repository in
      try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
      others = [
        Writer(database, inserting: product(3, "Eggs")),
        Writer(database, inserting: product(4, "Tea")),
      ]
      try waitForWriters(2)
    }

    // The first writer handed its transaction on and came back with the commit that holds
    // the others' work too: another connection sees all of it already.
    #expect(try committedNames() == ["Bread", "Eggs", "Milk", "Tea"])
    for writer in others {
      #expect(throws: Never.self) { try writer.result().get() }
    }
    #expect(try historyCount() == entriesBefore + 3)
  }

  @Test func aWriterWhoseBodyThrowsLosesOnlyItsOwnWork() throws {
    let entriesBefore = try historyCount()
    var others: [Writer] = []

    try database.write { repository in
      try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
      others = [
        Writer(database, inserting: product(3, "Eggs"), thenThrowing: true),
        Writer(database, inserting: product(4, "Tea")),
      ]
      try waitForWriters(2)
    }

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

  // MARK: - Helpers

  private func waitForWriters(_ count: Int) throws {
    let deadline = Date().addingTimeInterval(10)
    while database.gate.writersWaiting < count {
      guard Date() < deadline else {
        throw DatabaseError(reason: .other, path: path, message: "the writers never came")
      }
      Thread.sleep(forTimeInterval: 0.001)
    }
  }

  private func committedNames() throws -> [String] {
    (try outside.everything().lists.first?.products.map(\.name) ?? []).sorted()
  }

  private func historyCount() throws -> Int {
    try outside.read { repository in try repository.history(limit: 10_000).count }
  }
}

/// Writes on a thread of its own: one write inserting `products` (or one write per product),
/// optionally throwing ``BodyError`` after it.
private final class Writer: Sendable {
  private let outcome = Locked<Result<Void, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(
    _ database: ShoppingDatabase, inserting products: [Product], thenThrowing: Bool = false,
    oneAtATime: Bool = false
  ) {
    let batches = oneAtATime ? products.map { [$0] } : [products]
    Thread.detachNewThread { [outcome, done] in
      let result = Result {
        for batch in batches {
          try database.write { repository in
            try repository.execute(batch.map { .insertProduct($0, listID: groceriesID) })
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
