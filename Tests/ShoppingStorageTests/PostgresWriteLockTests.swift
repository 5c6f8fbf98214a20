import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// PostgreSQL's writers take turns per database, that is per household (a household's lists,
/// members and history are one database): PostgreSQL keeps an advisory lock within the database
/// it was taken in, so households served by one PostgreSQL server never wait for each other.
@Suite(.enabled(if: StorageKind.all.contains(.postgres)), .offThePool)
struct PostgresWriteLockTests {
  @Test func aWriterHoldingOneHouseholdHoldsUpItsOwnWritersAndNoOtherHouseholds() throws {
    let household = try StorageKind.postgres.make(busyTimeout: .milliseconds(500))
    let neighbours = try StorageKind.postgres.make(busyTimeout: .milliseconds(500))
    let error = try whileAWriteIsHeld(on: household.storage) {
      // Another household's writers go on (each would give up after half a second of waiting
      // for the lock, which the holder keeps until the end),
      try neighbours.execute(week)
      try neighbours.execute([.insertList(id: partyID, name: "Party", createdAt: now)])
      // while this household's next writer waits its turn, and gives up after its wait.
      return databaseError { try household.other.write { try $0.execute(week) } }
    }

    #expect(try neighbours.lists.map(\.name) == ["Week", "Party"])
    #expect(error?.reason == .busy)
  }
}
