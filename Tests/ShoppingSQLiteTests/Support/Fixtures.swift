import Foundation
import ShoppingCore
import ShoppingStorage

@testable import ShoppingSQLite

/// A fixed moment, on a whole second like every stored timestamp.
let now = Date(timeIntervalSince1970: 1_795_000_000)

let groceriesID = UUID(counting: 2_000_000)

/// Product ids far from those a deterministic environment hands out (1, 2, 3…).
func productID(_ number: UInt64) -> UUID {
  UUID(counting: 1_000_000 + number)
}

func product(
  _ number: UInt64, _ name: String, isChecked: Bool = false, quantity: Quantity = .one
) -> Product {
  Product(
    id: productID(number), name: name, isChecked: isChecked, quantity: quantity,
    addedAt: now, updatedAt: now
  )
}

extension ShoppingDatabase {
  /// Creates the list "Groceries" with these products.
  func seedGroceries(_ products: [Product]) throws {
    try write { repository in
      try repository.execute(
        [.insertList(id: groceriesID, name: "Groceries", createdAt: now)]
          + products.map { .insertProduct($0, listID: groceriesID) }
      )
    }
  }

  /// A write whose only possible error is the database's, for closures that must say so.
  func writeOrFail(
    _ body: (ShoppingRepository) throws(DatabaseError) -> Void
  ) throws(DatabaseError) {
    do {
      try write { repository in try body(repository) }
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw DatabaseError(reason: .other, path: path, message: "\(error)")
    }
  }

  /// The whole database as state, every list loaded.
  func everything() throws -> ShoppingState {
    try read { repository in try repository.loadState { _, _ in true } }
  }

  /// Runs SQL on the connection, outside any repository: for tests that set up what the
  /// program itself would never write.
  func raw(_ sql: String) throws {
    try withConnection { connection in try connection.executeScript(sql) }
  }

  func rawInteger(_ sql: String) throws -> Int? {
    try withConnection { connection in try connection.integer(sql) }
  }
}

/// Opens a database, lets `body` use it, and closes it again so the file is complete on disk.
func withDatabase<T>(
  at path: String, busyTimeout: Duration = .seconds(5), _ body: (ShoppingDatabase) throws -> T
) throws -> T {
  let database = try ShoppingDatabase(path: path, busyTimeout: busyTimeout)
  return try withExtendedLifetime(database) { try body(database) }
}

/// Makes a database at `path` with enough items to fill several pages (300 in "Groceries"),
/// and closes it so that the file holds it all.
func seedSeveralPages(at path: String) throws {
  try withDatabase(at: path) { database in
    try database.seedGroceries(
      (1...300).map { product(UInt64($0), "Item \($0) with a name long enough to fill pages") })
  }
}
