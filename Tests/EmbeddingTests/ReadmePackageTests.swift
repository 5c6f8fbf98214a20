import Foundation
import Testing

/// The README's lines for depending on shoplist work as written for a checkout in a folder
/// called `shoplist`, and, with the package named after the folder as the README says, for a
/// checkout in any other folder; as written, they fail there with SwiftPM's own words.
@Suite struct ReadmePackageTests {
  /// The README's dependency lines: the `.package` line and the `.product` lines.
  static func readmeLines() throws -> (package: String, products: [String]) {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "depend on the products you need:"))
    let block = readme[section.upperBound...].split(separator: "```")[1]
    let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let package = try #require(lines.first { $0.hasPrefix(".package(path:") })
    let products = lines.filter { $0.hasPrefix(".product(") }
    // Without the line's comment.
    let line = package.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces)
    return (line, products)
  }

  /// Runs `swift package describe` on a program whose manifest holds `package` and
  /// `products`, beside a checkout of this repository in a folder called `folder`.
  static func describe(
    folder: String, package: String, products: [String]
  ) throws -> (status: Int32, output: String) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let place = FileManager.default.temporaryDirectory.appending(path: "readme-\(UUID())")
    defer { try? FileManager.default.removeItem(at: place) }
    let program = place.appending(path: "program")
    try FileManager.default.createDirectory(
      at: program.appending(path: "Sources/App"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: place.appending(path: folder), withDestinationURL: root)
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "program",
        dependencies: [\(package.trimmingCharacters(in: .whitespaces))],
        targets: [.executableTarget(name: "App", dependencies: [\(products.joined(separator: " "))])]
      )
      """
    try Data(manifest.utf8).write(to: program.appending(path: "Package.swift"))
    try Data("import ShoppingService\n".utf8).write(to: program.appending(path: "Sources/App/main.swift"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", program.path, "describe"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func theLinesWorkAsWrittenForACheckoutCalledShoplist() throws {
    let (package, products) = try Self.readmeLines()
    #expect(package == #".package(path: "../shoplist"),"#)
    #expect(products.count == 3)

    let result = try Self.describe(folder: "shoplist", package: package, products: products)

    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("ShoppingService"))
  }

  @Test func anotherFolderNeedsThePackageNamedAfterIt() throws {
    let (package, products) = try Self.readmeLines()
    let moved = package.replacingOccurrences(of: "../shoplist", with: "../shoplist-main")

    let asWritten = try Self.describe(folder: "shoplist-main", package: moved, products: products)
    let renamed = try Self.describe(
      folder: "shoplist-main", package: moved,
      products: products.map {
        $0.replacingOccurrences(of: #"package: "shoplist""#, with: #"package: "shoplist-main""#)
      })

    #expect(asWritten.status != 0)
    #expect(asWritten.output.contains("unknown package 'shoplist'"), "\(asWritten.output)")
    #expect(renamed.status == 0, "\(renamed.output)")
  }
}
