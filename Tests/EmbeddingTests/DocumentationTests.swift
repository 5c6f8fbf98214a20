import Foundation
import ShoplistTestSupport
import Testing

/// The library products' documentation builds with DocC without a warning, and every public
/// symbol has a summary: `.ci/documentation --built`, over the modules this test run was built
/// with (the same `docc convert` that `swift package generate-documentation` runs, without a
/// second build).
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The products folder of this test run's build: the test bundle lies in it.
  static var products: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  @Test func everyLibrarysDocumentationBuildsWithoutAWarningAndSummarisesEverySymbol()
    async throws
  {
    let result = try await ChildProcess.run(
      "/bin/bash",
      [Self.root.appending(path: ".ci/documentation").path, "--built", Self.products.path])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("documentation: no warnings, every public symbol summarised"))
  }
}
