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

  /// The engine the suite's commands run against unless a test chooses:
  /// `SHOPLIST_TEST_ENGINE=postgres` runs them on PostgreSQL. The README's test command does
  /// so for a sample of each command family's suites (``PostgresPassTests`` keeps its list
  /// true), all but their tests marked ``Testing/Trait/sqlitePass``.
  static let suite: Engine = {
    let name = ProcessInfo.processInfo.environment["SHOPLIST_TEST_ENGINE"] ?? ""
    return Engine(rawValue: name.lowercased()) ?? .sqlite
  }()

  /// Where a new shoplist in `folder` keeps its data: a file in it, or a new database.
  func location(in folder: URL) throws -> String {
    switch self {
    case .sqlite: folder.appendingPathComponent("data/shoplist.sqlite").path
    case .postgres: try Self.cluster().makeDatabase()
    }
  }

  /// The engines this machine runs.
  static var all: [Engine] {
    TestTools.runs(needing: PostgresCluster.installedBin != nil) ? allCases : [.sqlite]
  }

  /// A shoplist whose `SHOPLIST_DB` names a new, empty database of this engine.
  func shoplist() throws -> Shoplist {
    var shoplist = try Shoplist()
    if self != Self.suite {
      shoplist.environment["SHOPLIST_DB"] = try location(in: shoplist.folder)
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

extension Trait where Self == ConditionTrait {
  /// For the tests that run in the SQLite pass of the end-to-end suite only: those of what only
  /// an SQLite file shows (its path, bytes, permissions, damage); those of `serve`, whose
  /// behaviour on PostgreSQL has suites of its own (`PostgresServeTests`, `SeveralHostsTests`,
  /// `PostgresFaultTests`), which keeps the PostgreSQL pass to the command line; and those
  /// suites themselves, which choose their engines and need running once.
  static var sqlitePass: Self {
    .enabled(if: Engine.suite == .sqlite, "runs in the SQLite pass of the suite")
  }
}
