import Foundation
import Testing

/// The layers as Package.swift declares them and the sources import them: storage is a seam.
/// Formats and front ends know no engine; the service chooses one in one file; the core knows
/// no storage at all.
@Suite struct LayeringTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Each target's direct dependencies on targets of this package, from `dump-package`.
  static func targetDependencies() throws -> [String: Set<String>] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // A scratch folder of its own: `swift test` holds the lock of the package's own.
    let scratch = FileManager.default.temporaryDirectory.appending(path: "layers-\(UUID())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    process.arguments = [
      "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
      "dump-package",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    var found: [String: Set<String>] = [:]
    for target in targets {
      let name = try #require(target["name"] as? String)
      let dependencies = target["dependencies"] as? [[String: Any]] ?? []
      found[name] = Set(
        dependencies.compactMap { ($0["byName"] as? [Any])?.first as? String })
    }
    return found
  }

  /// The Swift files under `Sources/module` that import `imported`.
  static func files(in module: String, importing imported: String) throws -> [String] {
    let folder = root.appending(path: "Sources/\(module)")
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appending(path: path), encoding: .utf8)
      if text.split(separator: "\n").contains(where: { $0.hasSuffix("import \(imported)") }) {
        found.append(path)
      }
    }
    return found.sorted()
  }

  @Test func noEngineBelowTheServiceAndTheCoreKnowsNoStorage() throws {
    let dependencies = try Self.targetDependencies()
    #expect(dependencies["ShoppingCore"] == ["Composable"])
    #expect(dependencies["ShoppingTransfer"] == ["Composable", "ShoppingCore"])
    #expect(dependencies["ShoppingStorage"] == ["Composable", "ShoppingCore"])
    #expect(dependencies["ShoppingSQLite"]?.contains("ShoppingStorage") == true)
    #expect(dependencies["ShoppingPostgres"]?.contains("ShoppingStorage") == true)
    for frontEnd in ["ShoplistServer", "ShoplistCLI"] {
      let direct = try #require(dependencies[frontEnd])
      #expect(!direct.contains("ShoppingSQLite"), "\(frontEnd) depends on an engine")
      #expect(!direct.contains("ShoppingPostgres"), "\(frontEnd) depends on an engine")
      #expect(direct.contains("ShoppingService"))
    }
  }

  @Test func theServiceChoosesTheEngineInOneFile() throws {
    for engine in ["ShoppingSQLite", "ShoppingPostgres"] {
      #expect(
        try Self.files(in: "ShoppingService", importing: engine)
          == ["ShoppingService+Opening.swift"])
      for module in ["ShoppingCore", "ShoppingTransfer", "ShoplistServer", "ShoplistCLI"] {
        #expect(try Self.files(in: module, importing: engine) == [], "\(module)")
      }
    }
    // The core and the formats know no storage at all, not even the protocol.
    for module in ["ShoppingCore", "ShoppingTransfer"] {
      #expect(try Self.files(in: module, importing: "ShoppingStorage") == [], "\(module)")
    }
  }
}
