import Foundation
import ShoplistTestSupport
import Testing

/// The layers as Package.swift declares them and the sources import them: storage is a seam.
/// Formats, the service and front ends know no engine; ShoppingEngines chooses one in one
/// file; the core knows no storage at all. And what other packages depend on carries no unsafe
/// build flags, which SwiftPM refuses in a dependency by version.
@Suite struct LayeringTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The package as `swift package dump-package` describes it.
  static func manifest() async throws -> [String: Any] {
    // A scratch folder of its own: `swift test` holds the lock of the package's own.
    let scratch = FileManager.default.temporaryDirectory.appending(path: "layers-\(UUID())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try await ChildProcess.run(
      "/usr/bin/env",
      [
        "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
        "dump-package",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
  }

  /// Each target's direct dependencies on targets of this package, from `dump-package`.
  static func targetDependencies(in manifest: [String: Any]) throws -> [String: Set<String>] {
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    var found: [String: Set<String>] = [:]
    for target in targets {
      let name = try #require(target["name"] as? String)
      let dependencies = target["dependencies"] as? [[String: Any]] ?? []
      // A build plugin counts as a dependency: its tool is built too.
      let plugins = target["pluginUsages"] as? [[String: Any]] ?? []
      found[name] = Set(
        (dependencies + plugins).compactMap {
          (($0["byName"] ?? $0["target"] ?? $0["plugin"]) as? [Any])?.first as? String
        })
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

  @Test func noEngineBelowTheServiceAndTheCoreKnowsNoStorage() async throws {
    let dependencies = try Self.targetDependencies(in: await Self.manifest())
    #expect(dependencies["ShoppingCore"] == ["Composable"])
    #expect(dependencies["ShoppingTransfer"] == ["Composable", "ShoppingCore"])
    #expect(dependencies["ShoppingStorage"] == ["Composable", "ShoppingCore"])
    #expect(dependencies["ShoppingSQLite"]?.contains("ShoppingStorage") == true)
    #expect(dependencies["ShoppingPostgres"]?.contains("ShoppingStorage") == true)
    #expect(
      dependencies["ShoppingService"]
        == ["Composable", "ShoppingCore", "ShoppingStorage", "ShoppingTransfer"])
    let engines = try #require(dependencies["ShoppingEngines"])
    #expect(engines.isSuperset(of: ["ShoppingService", "ShoppingSQLite", "ShoppingPostgres"]))
    for frontEnd in ["ShoplistServer", "ShoplistCLI"] {
      let direct = try #require(dependencies[frontEnd])
      #expect(!direct.contains("ShoppingSQLite"), "\(frontEnd) depends on an engine")
      #expect(!direct.contains("ShoppingPostgres"), "\(frontEnd) depends on an engine")
      #expect(direct.contains("ShoppingService"))
      #expect(direct.contains("ShoppingEngines"))
    }
  }

  @Test func oneFileOutsideTheServiceChoosesTheEngine() throws {
    for engine in ["ShoppingSQLite", "ShoppingPostgres"] {
      #expect(
        try Self.files(in: "ShoppingEngines", importing: engine)
          == ["ShoppingService+Opening.swift"])
      for module in [
        "ShoppingCore", "ShoppingTransfer", "ShoppingService", "ShoplistServer", "ShoplistCLI",
      ] {
        #expect(try Self.files(in: module, importing: engine) == [], "\(module)")
      }
    }
    // The core and the formats know no storage at all, not even the protocol.
    for module in ["ShoppingCore", "ShoppingTransfer"] {
      #expect(try Self.files(in: module, importing: "ShoppingStorage") == [], "\(module)")
    }
  }

  @Test func noTargetALibraryProductBuildsCarriesUnsafeFlags() async throws {
    let manifest = try await Self.manifest()
    let dependencies = try Self.targetDependencies(in: manifest)
    let products = try #require(manifest["products"] as? [[String: Any]])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    var built = Set<String>()
    var toVisit = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }
      .flatMap { $0["targets"] as? [String] ?? [] }
    while let name = toVisit.popLast() {
      guard built.insert(name).inserted else { continue }
      toVisit += dependencies[name] ?? []
    }
    #expect(built.isSuperset(of: ["ShoppingService", "ShoppingEngines", "Composable"]))

    for target in targets where built.contains(target["name"] as? String ?? "") {
      let settings = target["settings"] as? [[String: Any]] ?? []
      let unsafe = settings.filter { ($0["kind"] as? [String: Any])?["unsafeFlags"] != nil }
      #expect(unsafe.isEmpty, "\(target["name"] ?? "?") has unsafe flags: \(unsafe)")
    }
    // The command line keeps its release flags.
    let commandLine = try #require(targets.first { $0["name"] as? String == "ShoplistCLI" })
    #expect("\(commandLine["settings"] ?? "")".contains("-prespecialize-generic-metadata"))
  }
}
