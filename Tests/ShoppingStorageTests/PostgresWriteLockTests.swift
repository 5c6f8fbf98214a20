import Foundation
import ShoppingCore
import ShoppingStorage
import Synchronization
import Testing

/// PostgreSQL's writers take turns per database, that is per household (a household's lists,
/// members and history are one database): PostgreSQL keeps an advisory lock within the database
/// it was taken in, so households served by one PostgreSQL server never wait for each other.
@Suite(.enabled(if: StorageKind.all.contains(.postgres))) struct PostgresWriteLockTests {
  @Test func aWriterHoldingOneHouseholdHoldsUpItsOwnWritersAndNoOtherHouseholds() throws {
    let household = try StorageKind.postgres.make(busyTimeout: .milliseconds(500))
    let neighbours = try StorageKind.postgres.make(busyTimeout: .milliseconds(500))
    let holding = Mutex(false)
    let release = Mutex(false)
    let holder = Thread {
      try? household.storage.write { _ in
        holding.withLock { $0 = true }
        while !release.withLock({ $0 }) { usleep(1_000) }
      }
    }
    holder.start()
    while !holding.withLock({ $0 }) { usleep(1_000) }
    defer { release.withLock { $0 = true } }

    // Another household's writers go on (each would give up after half a second of waiting
    // for the lock, which the holder keeps until the end),
    try neighbours.execute(week)
    try neighbours.execute([.insertList(id: partyID, name: "Party", createdAt: now)])
    // while this household's next writer waits its turn, and gives up after its wait.
    let error = databaseError { try household.other.write { try $0.execute(week) } }

    #expect(try neighbours.lists.map(\.name) == ["Week", "Party"])
    #expect(error?.reason == .busy)
  }
}
