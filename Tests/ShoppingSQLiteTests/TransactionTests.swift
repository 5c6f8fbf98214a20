import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

struct BodyError: Error, Equatable {}

@Suite("Transactions")
struct TransactionTests {
  let folder: TemporaryFolder
  let path: String
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("shopping.sqlite")
    database = try ShoppingDatabase(path: path)
    try database.seedGroceries([product(1, "Milk")])
  }

  @Test func aThrowingBodyRollsBackAndItsErrorComesOutUnchanged() throws {
    let before = try database.everything()

    #expect(throws: BodyError()) {
      try database.write { repository in
        try repository.execute([.deleteList(groceriesID)])
        throw BodyError()
      }
    }

    #expect(try database.everything() == before)
  }

  @Test func aFailedBatchIsUndoneAndTheTransactionGoesOn() throws {
    try database.write { repository in
      let error = #expect(throws: DatabaseError.self) {
        try repository.execute([
          .insertProduct(product(2, "Bread"), listID: groceriesID),
          .insertProduct(product(3, "milk"), listID: groceriesID),
        ])
      }
      #expect(error?.reason == .constraintViolation)
      #expect(error?.resultCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
      try repository.execute([.insertProduct(product(4, "Eggs"), listID: groceriesID)])
    }

    #expect(try database.everything().lists.first?.products.map(\.name) == ["Milk", "Eggs"])
  }

  @Test func aProductOfAMissingListBreaksTheForeignKey() throws {
    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in
        try repository.execute([.insertProduct(product(2, "Bread"), listID: productID(7))])
      }
    }

    #expect(error?.reason == .constraintViolation)
    #expect(error?.category == .conflict)
  }

  @Test func aReadTransactionRefusesToWrite() throws {
    let error = #expect(throws: DatabaseError.self) {
      try database.read { try $0.execute([.deleteList(groceriesID)]) }
    }

    #expect(error?.reason == .misuse)
  }

  @Test func aNestedTransactionOnTheSameThreadFailsInsteadOfDeadlocking() throws {
    let error = #expect(throws: DatabaseError.self) {
      try database.write { _ in try database.read { _ in } }
    }

    #expect(error?.reason == .misuse)
  }

  @Test func aRepositoryIsRefusedOnAnotherThread() throws {
    let outcome = Locked<DatabaseError?>(nil)
    try database.write { repository in
      let thread = Thread {
        do {
          _ = try repository.listSummaries()
        } catch {
          outcome.set(error as? DatabaseError)
        }
      }
      thread.start()
      while !thread.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    }

    #expect(outcome.value?.reason == .misuse)
  }

  @Test func twoConnectionsWritingAtOnceBothSucceedInTurn() throws {
    let other = try ShoppingDatabase(path: path)
    let finished = DispatchSemaphore(value: 0)
    let otherResult = Locked<Result<Void, DatabaseError>?>(nil)

    try database.write { repository in
      try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
      Thread.detachNewThread {
        let result = Result { () throws(DatabaseError) in
          try other.writeOrFail { repository throws(DatabaseError) in
            try repository.execute([.insertProduct(product(3, "Eggs"), listID: groceriesID)])
          }
        }
        otherResult.set(result)
        finished.signal()
      }
      // The other writer is now waiting for this transaction's lock.
      #expect(finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    }
    finished.wait()

    #expect(throws: Never.self) { try otherResult.value?.get() }
    let names = try database.everything().lists.first?.products.map(\.name)
    #expect(names == ["Milk", "Bread", "Eggs"])
  }

  @Test func aWriterBusyPastTheWaitFailsWithoutChangingAnything() throws {
    let impatient = try ShoppingDatabase(path: path, busyTimeout: .milliseconds(50))

    try database.write { _ in
      let error = #expect(throws: DatabaseError.self) {
        try impatient.write { repository in try repository.execute([.deleteList(groceriesID)]) }
      }
      #expect(error?.reason == .busy)
      #expect(error?.category == .busy)
    }

    #expect(try database.everything().lists.first?.products.map(\.name) == ["Milk"])
  }
}
