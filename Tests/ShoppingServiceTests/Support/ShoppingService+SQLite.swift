import ShoppingService
@testable import ShoppingSQLite

extension ShoppingService {
  /// The SQLite database under a service opened by path, for the checks that read what only
  /// SQLite holds (sort keys, encoded records).
  var sqlite: ShoppingDatabase {
    guard let database = storage as? ShoppingDatabase else {
      preconditionFailure("the service was not opened on an SQLite file")
    }
    return database
  }
}
