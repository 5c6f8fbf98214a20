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
  /// `SHOPLIST_TEST_ENGINE=postgres swift test --filter ShoplistEndToEndTests` runs the whole
  /// end-to-end suite on PostgreSQL (tests of what only a file can show run on SQLite still).
  static let suite: Engine = {
    let name = ProcessInfo.processInfo.environment["SHOPLIST_TEST_ENGINE"] ?? ""
    return Engine(rawValue: name.lowercased()) ?? .sqlite
  }()

  /// The engine of a new shoplist in the running test: the suite's, or SQLite for a test
  /// about the database file itself (tagged ``Testing/Tag/sqliteFile``).
  static var current: Engine {
    Test.current?.tags.contains(.sqliteFile) == true ? .sqlite : suite
  }

  /// Where a new shoplist in `folder` keeps its data: a file in it, or a new database.
  func location(in folder: URL) throws -> String {
    switch self {
    case .sqlite: folder.appendingPathComponent("data/shoplist.sqlite").path
    case .postgres: try Self.cluster().makeDatabase()
    }
  }

  /// Runs `body`; on PostgreSQL its failures are a known issue, reported as such (`comment`
  /// says which), not a failure of the run: for the few promises PostgreSQL does not keep yet.
  static func knownIssueOnPostgres(
    _ comment: Comment, _ body: () throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard current == .postgres else { return try body() }
    withKnownIssue(comment, isIntermittent: true, sourceLocation: sourceLocation) {
      try body()
    }
  }

  /// The engines this machine runs.
  static var all: [Engine] {
    TestTools.runs(needing: PostgresCluster.installedBin != nil) ? allCases : [.sqlite]
  }

  /// A shoplist whose `SHOPLIST_DB` names a new, empty database of this engine.
  func shoplist() throws -> Shoplist {
    var shoplist = try Shoplist()
    if self != Self.current {
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

extension Tag {
  /// A test of what only an SQLite file shows (its path, its bytes, its permissions, its
  /// damage): it runs on SQLite whatever engine the suite runs on.
  @Tag static var sqliteFile: Self
}
