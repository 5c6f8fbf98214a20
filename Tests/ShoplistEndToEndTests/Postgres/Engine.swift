import Foundation
import ShoplistTestSupport
import Testing

/// The storage engine an end-to-end test runs the built binary against: the same commands, the
/// same expected output. PostgreSQL runs in the test run's throwaway cluster, a database per
/// test; where it is not installed it is left out, except in CI, where it must run.
enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  var testDescription: String { rawValue }

  /// The engines this machine runs.
  static var all: [Engine] {
    TestTools.runs(needing: PostgresCluster.installedBin != nil) ? allCases : [.sqlite]
  }

  /// A shoplist whose `SHOPLIST_DB` names a new, empty database of this engine.
  func shoplist() throws -> Shoplist {
    var shoplist = try Shoplist()
    if self == .postgres {
      shoplist.environment["SHOPLIST_DB"] = try Self.cluster().makeDatabase()
    }
    return shoplist
  }

  /// The cluster, started on first use.
  static func cluster() throws -> PostgresCluster {
    guard let cluster = PostgresCluster.shared else {
      throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
    }
    return cluster
  }
}
