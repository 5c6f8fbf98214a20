import Foundation
import Testing

/// The README's test command runs a sample of the end-to-end suites again on PostgreSQL: each
/// suite its filter names exists (a renamed suite would silently leave the pass), and each
/// command family has one there.
@Suite struct PostgresPassTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The suites the PostgreSQL pass's filter names.
  static func suites() throws -> [String] {
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let command = try #require(
      readme.split(separator: "\n").first { $0.hasPrefix("swift test --force-resolved-versions") })
    let filter = /SHOPLIST_TEST_ENGINE=postgres .*ShoplistEndToEndTests\\\.\(([^)]*)\)Tests\//
    let names = try #require(command.firstMatch(of: filter))
    return names.1.split(separator: "|").map { "\($0)Tests" }
  }

  /// The suites this target declares, by name.
  static func declaredSuites() throws -> Set<String> {
    let folder = root.appending(path: "Tests/ShoplistEndToEndTests")
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
    var found: Set<String> = []
    while let path = enumerator.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appending(path: path), encoding: .utf8)
      for match in text.matches(of: /struct ([A-Za-z]+Tests)\b/) { found.insert(String(match.1)) }
    }
    return found
  }

  @Test func everySuiteThePostgreSQLPassNamesExists() throws {
    let named = try Self.suites()
    let declared = try Self.declaredSuites()

    #expect(named.count >= 15, "\(named)")
    for suite in named { #expect(declared.contains(suite), "no suite \(suite)") }
  }

  @Test func eachCommandFamilyHasASuiteInThePostgreSQLPass() throws {
    let named = Set(try Self.suites())
    // Items, lists, import and export, history and undo, members, errors and output.
    for suite in [
      "ItemCommandTests", "ListsCommandTests", "ImportTests", "ExportTests", "UndoTests",
      "HistoryTests", "MembersCommandEndToEndTests", "ErrorTests", "OutputTests",
    ] {
      #expect(named.contains(suite), "\(suite)")
    }
  }
}
