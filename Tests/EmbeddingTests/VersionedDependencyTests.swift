import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import Testing

/// A program of someone else's depends on shoplist as the README says, by URL and version:
/// a package that names a tagged clone of this checkout `from:` its version, uses the library
/// products the README's service example imports, builds, and runs that example, word for word.
///
/// The clone and the program's build live under `.build/versioned-dependency`, and are kept
/// between runs: the clone takes a new commit (and its tag) only when the checkout changed,
/// and the program's build is then incremental. Every test here shares the one build, awaited
/// without holding a thread of Swift's shared pool while `swift build` runs.
///
/// The build runs at the lowest priority (`nice -n 19`): a cold one takes minutes of both
/// cores, and at that priority it takes only what the other tests leave, so it runs beside
/// them all, the tests that need the machine's attention (``OneHeavyAtATime``) among them,
/// instead of making them wait minutes for their turn.
@Suite struct VersionedDependencyTests {
  /// What the program's build and test run printed, and how they ended.
  struct ProgramRun: Sendable {
    var resolveStatus: Int32
    var buildStatus: Int32
    var buildOutput: String
    var testStatus: Int32
    var testOutput: String
    /// The modules the program's build compiled, by name.
    var modules: Set<String>
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let place = root.appending(path: ".build/versioned-dependency")
  /// The clone: its folder's name is the package's identity, `shoplist`.
  static let clone = place.appending(path: "shoplist")
  static let program = place.appending(path: "Pantry")
  static let scratch = place.appending(path: "Pantry-build")

  /// The products the program depends on, as the README names them: its service example
  /// imports these.
  static let products = ["ShoppingService", "ShoppingSQLite", "ShoppingTransfer", "ShoppingCore"]

  /// Made once, for every test that asks.
  static let outcome = Task { () async throws(CommandFailed) -> ProgramRun in
    do {
      return try await makeAndRunProgram()
    } catch {
      throw CommandFailed(description: "\(error)")
    }
  }

  @Test func aPackageDependingOnATaggedCloneByVersionBuildsAndRunsTheReadmesServiceExample()
    async throws
  {
    let run = try await Self.outcome.value

    #expect(run.resolveStatus == 0)
    #expect(run.buildStatus == 0, "\(run.buildOutput)")
    #expect(!run.buildOutput.contains("unsafe build flags"))
    #expect(run.testStatus == 0, "\(run.testOutput)")
    #expect(
      run.testOutput.contains(
        "Test anEmbeddingProgramImportsACSVFileAndExportsJSONThroughTheLibraryLayer() passed"),
      "\(run.testOutput)")
    #expect(run.testOutput.contains("Test run with 1 test"), "\(run.testOutput)")
  }

  @Test func aProgramEmbeddingTheServiceWithSQLiteBuildsNoPostgresClientAndNoTLS() async throws {
    let run = try await Self.outcome.value
    try #require(run.buildStatus == 0, "\(run.buildOutput)")

    #expect(run.modules.isSuperset(of: Self.products + ["Composable", "ShoppingStorage"]))
    for heavy in ["PostgresNIO", "ShoppingPostgres", "ShoppingEngines", "NIOSSL", "Crypto"] {
      #expect(!run.modules.contains(heavy), "the program's build compiled \(heavy)")
    }
    #expect(run.modules.allSatisfy { !$0.contains("BoringSSL") }, "\(run.modules.sorted())")
  }

  // MARK: - Making the program

  /// Commits the checkout's files (tracked or new, not ignored) to the clone when they differ
  /// from its last commit, tags it with the package's version, then resolves, builds and runs
  /// the program.
  static func makeAndRunProgram() async throws -> ProgramRun {
    let files = FileManager.default
    try files.createDirectory(
      at: program.appending(path: "Tests/PantryTests"), withIntermediateDirectories: true)
    let changed = try await snapshotCheckout()

    // The README's lines, with the clone's URL for the repository's.
    let (package, products) = try ReadmePackageTests.readmeLines()
    let url = try #require(package.firstMatch(of: /url: "([^"]*)"/)).1
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "Pantry",
        dependencies: [
          \(package.replacingOccurrences(of: url, with: clone.absoluteURL.absoluteString))
        ],
        targets: [
          .testTarget(
            name: "PantryTests",
            dependencies: [
              \(products.joined(separator: "\n          "))
            ]
          ),
        ]
      )

      """
    try write(manifest, to: program.appending(path: "Package.swift"))
    // The README's example, as the README shows it.
    let example = try String(
      contentsOf: root.appending(path: "Tests/EmbeddingTests/ServiceEmbeddingTests.swift"),
      encoding: .utf8)
    try write(example, to: program.appending(path: "Tests/PantryTests/ServiceExample.swift"))

    // The tag moves when the checkout changed: the program takes the new commit, from a copy
    // of the clone fetched anew (the other dependencies are not asked for updates).
    let resolved = program.appending(path: "Package.resolved")
    if changed {
      try? files.removeItem(at: resolved)
      for folder in ["repositories", "checkouts"] {
        let place = scratch.appending(path: folder)
        for name in (try? files.contentsOfDirectory(atPath: place.path)) ?? []
        where name == "shoplist" || name.hasPrefix("shoplist-") {
          try files.removeItem(at: place.appending(path: name))
        }
      }
    }
    let resolve = try await swift(["package", "resolve"])
    // The test product alone: `--build-tests` would build every product of every package in
    // the graph, shoplist's command line and server among them.
    // Built as the README's test command builds: line tables alone for debug information.
    let build = try await swift(
      ["build", "--product", "PantryPackageTests"] + ReadmePackageTests.testBuildOptions)
    let test = try await swift(["test", "--skip-build"])
    return ProgramRun(
      resolveStatus: resolve.status, buildStatus: build.status, buildOutput: build.output,
      testStatus: test.status, testOutput: test.output, modules: try compiledModules())
  }

  /// Makes the clone's newest commit hold the checkout's files, tagged with the version.
  ///
  /// - Returns: Whether there was anything new to commit.
  static func snapshotCheckout() async throws -> Bool {
    let git = clone.appending(path: ".git").path
    if !FileManager.default.fileExists(atPath: git) {
      try require(try await run("git", ["init", "-q", "-b", "main", clone.path]))
    }
    // The checkout as its work tree: its own .gitignore decides what belongs to the package,
    // not a global ignore file.
    let withCheckout = [
      "--git-dir=\(git)", "--work-tree=\(root.path)", "-c", "core.excludesFile=/dev/null",
      "-c", "user.name=shoplist tests", "-c", "user.email=tests@shoplist.invalid",
    ]
    try require(try await run("git", withCheckout + ["add", "-A"]))
    let unchanged = try await run("git", withCheckout + ["diff", "--cached", "--quiet", "HEAD"])
    guard unchanged.status != 0 else { return false }
    try require(try await run("git", withCheckout + ["commit", "-q", "-m", "The checkout"]))
    try require(try await run("git", withCheckout + ["tag", "-f", ShoplistVersion.current]))
    return true
  }

  /// The modules the program's build compiled: the Swift modules it wrote, and the C targets
  /// it wrote object files for. (SwiftPM makes a folder for every target of the graph, built
  /// or not.)
  static func compiledModules() throws -> Set<String> {
    let files = FileManager.default
    let debug = scratch.appending(path: "debug")
    var found = Set(
      try files.contentsOfDirectory(atPath: debug.appending(path: "Modules").path)
        .filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(12)) })
    for folder in try files.contentsOfDirectory(atPath: debug.path)
    where folder.hasSuffix(".build") {
      let objects = files.enumerator(atPath: debug.appending(path: folder).path)?
        .contains { ($0 as? String)?.hasSuffix(".o") == true }
      if objects == true { found.insert(String(folder.dropLast(6))) }
    }
    return found
  }

  /// Runs `swift` on the program, with its own build folder and its own record of the
  /// dependencies' fingerprints (the clone's tag moves with the checkout). Dependencies are
  /// taken as SwiftPM's shared cache holds them (the checkout's own resolve filled it), not
  /// updated from their remotes: a fresh resolve then takes 10 s here instead of 31.
  static func swift(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await run(
      "nice",
      ["-n", "19", "swift", arguments[0]] + [
        "--package-path", program.path, "--scratch-path", scratch.path,
        "--security-path", place.appending(path: "security").path,
        "--resolver-fingerprint-checking", "warn", "--skip-update",
      ] + arguments.dropFirst())
  }

  static func run(
    _ tool: String, _ arguments: [String]
  ) async throws -> (status: Int32, output: String) {
    let result = try await ChildProcess.run("/usr/bin/env", [tool] + arguments)
    return (result.status, result.stdout + result.stderr)
  }

  struct CommandFailed: Error, CustomStringConvertible {
    var description: String
  }

  static func require(_ result: (status: Int32, output: String)) throws {
    guard result.status == 0 else { throw CommandFailed(description: result.output) }
  }

  static func write(_ text: String, to url: URL) throws {
    let data = Data(text.utf8)
    // Unchanged files keep their time, so the build stays incremental.
    if (try? Data(contentsOf: url)) != data { try data.write(to: url) }
  }
}
