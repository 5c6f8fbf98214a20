import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// The change stamp a server asks before each read: it moves with every commit, whoever makes
/// it, and stays put while only reads happen.
@Suite("Change stamp")
struct ChangeStampTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase
  var path: String { folder.path("stamped.sqlite") }

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("stamped.sqlite"))
    try database.seedGroceries([product(1, "Milk")])
  }

  @Test func readsLeaveItWhereItIs() throws {
    let stamp = try #require(database.changeStamp())
    _ = try database.read { try $0.listSummaries() }
    _ = try database.everything()
    #expect(database.changeStamp() == stamp)
  }

  @Test func itMovesWithThisDatabasesOwnCommits() throws {
    let stamp = try #require(database.changeStamp())
    try database.write { try $0.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)]) }
    let after = try #require(database.changeStamp())
    #expect(after != stamp)
    #expect(database.changeStamp() == after)
  }

  @Test func itMovesWithAnotherConnectionsCommits() throws {
    let stamp = try #require(database.changeStamp())
    let other = try ShoppingDatabase(path: path)
    try other.write { try $0.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)]) }
    #expect(database.changeStamp() != stamp)
  }

  @Test func aRolledBackWriteLeavesItWhereItIs() throws {
    let stamp = try #require(database.changeStamp())
    #expect(throws: BodyError()) {
      try database.write { repository in
        try repository.execute([.insertProduct(product(2, "Bread"), listID: groceriesID)])
        throw BodyError()
      }
    }
    #expect(database.changeStamp() == stamp)
  }

  @Test func aDatabaseInMemoryHasNone() throws {
    #expect(try ShoppingDatabase.inMemory().changeStamp() == nil)
  }
}
