import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Writing to a full disk")
struct DiskFullTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries([product(1, "Milk")])
    // The connection may not grow the file by more than a couple of pages.
    let pages = try #require(try database.rawInteger("PRAGMA page_count"))
    try database.raw("PRAGMA max_page_count = \(pages + 2)")
  }

  var bigBatch: [PersistenceEffect] {
    (2...2_000).map { number in
      var item = product(UInt64(number), "Item \(number)")
      item.note = String(repeating: "n", count: 150)
      return .insertProduct(item, listID: groceriesID)
    }
  }

  @Test func aFullDiskFailsTheWriteAndKeepsTheData() throws {
    let before = try database.everything()

    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in try repository.execute(bigBatch) }
    }

    #expect(error?.reason == .diskFull)
    #expect(error?.category == .unavailable)
    #expect(try database.everything() == before)
  }

  @Test func aFullDiskEndsTheWholeTransactionEvenWhenTheBodyCatchesIt() throws {
    let before = try database.everything()

    var attempts: [Result<Void, DatabaseError>] = []

    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in
        attempts.append(Result { () throws(DatabaseError) in try repository.execute(bigBatch) })
        // SQLite rolled the transaction back: nothing more may be written in it.
        attempts.append(
          Result { () throws(DatabaseError) in
            try repository.execute([.insertProduct(product(9, "Tea"), listID: groceriesID)])
          }
        )
      }
    }

    #expect(attempts.map { (try? $0.get()) == nil } == [true, true])
    #expect(error?.reason == .diskFull)
    #expect(try database.everything() == before)
  }
}
