import Foundation
import ShoppingService
import ShoppingStorage
import Testing

/// The storage a service test runs on: in memory unless the test is about SQLite itself, and
/// a few runs on a real file, so that what the service does is seen on both.
enum StorageChoice: String, CustomTestStringConvertible, Sendable {
  case memory
  case sqlite

  var testDescription: String { rawValue }

  /// Fresh storage: in memory, or a new database file in `folder`.
  func open(in folder: URL) throws -> any ShoppingStorage {
    switch self {
    case .memory: InMemoryStorage()
    case .sqlite: try ShoppingService.openStorage(at: folder.appending(path: "shopping.sqlite").path)
    }
  }
}
