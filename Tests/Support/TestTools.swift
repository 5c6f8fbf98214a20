import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What this machine has for the tests that need more than the binary: a browser, a fuzzer.
/// Locally a missing tool skips those tests; in CI (`CI` set) they run, and fail without it.
public enum TestTools {
  public static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
  }

  /// Whether a test that needs root (to run as another user, to mount, to make a device node)
  /// runs: as root, and always in CI, where without root it fails rather than skip.
  public static var runsAsRoot: Bool { isCI || geteuid() == 0 }

  public static func has(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  public static func pythonHas(_ module: String) -> Bool {
    succeeds(["python3", "-c", "import \(module)"])
  }

  /// Whether the command (found on the PATH) runs and exits 0.
  private static func succeeds(_ command: [String]) -> Bool {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  public static var hasBrowser: Bool {
    has("/usr/bin/chromium") && has("/usr/bin/chromedriver") && pythonHas("selenium")
  }

  /// Node.js, which runs the page's model tests (`node --test`).
  public static var hasNode: Bool { succeeds(["node", "--version"]) }

  public static var hasFuzzer: Bool {
    pythonHas("schemathesis")
  }

  /// Whether a test needing `available` tools runs: always in CI.
  public static func runs(needing available: Bool) -> Bool { isCI || available }

  /// A browser check of `Tests/ShoplistEndToEndTests/Browser`, found from a file of the
  /// tests (`#filePath`) anywhere under `Tests/`.
  public static func browserScript(_ name: String, from file: String) -> URL {
    testsFolder(from: file).appendingPathComponent("ShoplistEndToEndTests/Browser/\(name)")
  }

  /// Where the browser tests leave their screenshots: `.build/screenshots` of the package.
  public static func screenshotFolder(from file: String) -> URL {
    testsFolder(from: file).deletingLastPathComponent()
      .appendingPathComponent(".build/screenshots")
  }

  private static func testsFolder(from file: String) -> URL {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.lastPathComponent != "Tests", folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder
  }
}
