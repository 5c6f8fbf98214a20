import Foundation
import ShoplistTestSupport
import ShoppingEngines
import ShoppingService
import ShoppingStorage
import Testing

/// The storage a service test runs on: in memory unless the test is about SQLite itself, and
/// a few runs on a real file, so that what the service does is seen on both.
enum StorageChoice: String, CustomTestStringConvertible, Sendable {
  case memory
  case sqlite
  /// A new database in the test run's PostgreSQL cluster.
  case postgres

  var testDescription: String { rawValue }

  /// Fresh storage: in memory, a new database file in `folder`, or a new PostgreSQL database.
  func open(in folder: URL) throws -> any ShoppingStorage {
    switch self {
    case .memory: return InMemoryStorage()
    case .sqlite:
      return try ShoppingService.openStorage(at: folder.appending(path: "shopping.sqlite").path)
    case .postgres:
      guard let cluster = PostgresCluster.shared else {
        throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
      }
      return try ShoppingService.openStorage(at: try cluster.makeDatabase())
    }
  }
}
