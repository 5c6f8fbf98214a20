import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// Migration 7: `updatedAt` kept to the microsecond, and items that the one-second rule of
/// the versions before pushed into the future brought back to the time of the upgrade.
@Suite struct PreciseUpdatesMigrationTests {
  @Test func itemsChangedIntoTheFutureComeBackToTheTimeOfTheUpgrade() throws {
    // Given a database of version 6 where many changes a second pushed Milk 20 hours ahead.
    let folder = try TemporaryFolder()
    let path = folder.path("shopping.sqlite")
    try DatabaseFile.prepare(path)
    let ahead = Timestamp.string(from: Date().addingTimeInterval(20 * 3_600))
    do {
      let connection = try Connection(path: path)
      try Migrator().migrate(connection, upTo: 6)
      try connection.executeScript(
        """
        INSERT INTO list (id, name, nameKey, createdAt)
          VALUES ('\(groceriesID)', 'Groceries', 'groceries', '2026-11-18T11:06:40Z');
        INSERT INTO product (id, listId, position, name, nameKey, addedAt, updatedAt) VALUES
          ('\(productID(1))', '\(groceriesID)', 1, 'Milk', 'milk', '2026-11-18T11:06:40Z',
            '\(ahead)'),
          ('\(productID(2))', '\(groceriesID)', 2, 'Bread', 'bread', '2026-11-18T11:06:40Z',
            '2026-11-18T11:06:40Z');
        """)
    }

    // When this shoplist opens it.
    let database = try ShoppingDatabase(path: path)

    // Then Milk's time is the clock's, and Bread's is as it was.
    let items = try #require(try database.everything().lists.first).products
    let milk = try #require(items.first)
    #expect(milk.updatedAt <= Date().addingTimeInterval(1))
    #expect(milk.updatedAt >= Date().addingTimeInterval(-60))
    #expect(items.last?.updatedAt == now)
  }

  @Test func aTimeWithinASecondIsStoredAndReadBackToTheMicrosecond() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    var milk = product(1, "Milk")
    milk.updatedAt = Timestamp.date(microseconds: Timestamp.microseconds(of: now) + 1)
    try database.seedGroceries([milk])

    let stored = try database.everything().lists.first?.products.first
    #expect(stored?.updatedAt == milk.updatedAt)
    #expect(
      stored.map { Timestamp.preciseString(from: $0.updatedAt) }
        == "2026-11-18T11:06:40.000001Z")
  }
}
