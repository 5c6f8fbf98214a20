import Foundation
import ShoppingCore
import Testing

/// The README's lines for depending on shoplist name it by URL and by a version of this
/// package's own major version, and the products they name exist. (That the lines build, with
/// the URL of a tagged clone, is `VersionedDependencyTests`' work.)
@Suite struct ReadmePackageTests {
  /// The README's dependency lines: the `.package` line and the `.product` lines.
  static func readmeLines() throws -> (package: String, products: [String]) {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "and on the products you need:"))
    let block = readme[section.upperBound...].split(separator: "```")[1]
    let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let package = try #require(lines.first { $0.hasPrefix(".package(url:") })
    let products = lines.filter { $0.hasPrefix(".product(") }
    // Without the line's comment (not the URL's `//`).
    let line = package.components(separatedBy: " // ")[0].trimmingCharacters(in: .whitespaces)
    return (line, products)
  }

  /// The build options of the README's test command, which the program's build takes too:
  /// line tables alone for debug information.
  static let testBuildOptions = ["-Xswiftc", "-gline-tables-only", "-Xcc", "-gline-tables-only"]

  @Test func theReadmesTestCommandBuildsWithTheOptionsTheProgramsBuildTakes() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let command = try #require(
      readme.split(separator: "\n").first { $0.hasPrefix("swift test --force-resolved-versions") })

    let options = Self.testBuildOptions.joined(separator: " ")
    #expect(command.hasPrefix("swift test --force-resolved-versions \(options) && "), "\(command)")
    // CI runs exactly this command, last.
    let ci = try String(contentsOf: root.appending(path: ".ci/run"), encoding: .utf8)
    #expect(ci.split(separator: "\n").last.map(String.init) == String(command))
  }

  @Test func theReadmeDependsOnShoplistByURLAndThisMajorVersion() throws {
    let (package, _) = try Self.readmeLines()
    let version = try #require(package.firstMatch(of: /from: "(\d+)\.(\d+)\.(\d+)"/))
    let current = ShoplistVersion.current.split(separator: ".").compactMap { Int($0) }

    #expect(package.hasPrefix(#".package(url: "https://"#))
    #expect(package.contains(#"/shoplist.git""#), "the package's identity is its URL's end")
    #expect(Int(version.1) == current.first)
    #expect(
      [Int(version.1)!, Int(version.2)!, Int(version.3)!].lexicographicallyPrecedes(current)
        || [Int(version.1)!, Int(version.2)!, Int(version.3)!] == current)
  }

  @Test func theProductsTheReadmeNamesAreTheServiceWithSQLiteTransferAndCore() throws {
    let (_, products) = try Self.readmeLines()

    #expect(
      products == [
        #".product(name: "ShoppingService", package: "shoplist"),"#,
        #".product(name: "ShoppingSQLite", package: "shoplist"),"#,
        #".product(name: "ShoppingTransfer", package: "shoplist"),"#,
        #".product(name: "ShoppingCore", package: "shoplist"),"#,
      ])
  }
}
