import Foundation
import ShoplistTestSupport
import Testing

/// The built `shoplist` binary, run as a user would: in a process of its own, against a
/// database in a fresh temporary folder.
struct Shoplist {
  struct Result: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// stdout as JSON.
    func json() throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
      guard let document = object as? [String: Any] else {
        throw Failure("stdout is not a JSON object: \(stdout)")
      }
      return document
    }

    /// The item names of a list document on stdout.
    func itemNames() throws -> [String] {
      (try json()["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  static let binary: URL = {
    // Another build can be put to the same tests, e.g. an earlier commit's.
    if let path = ProcessInfo.processInfo.environment["SHOPLIST_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // `swift test` runs the test bundle from the products folder, next to the executable.
    for candidate in [directory, directory.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("shoplist")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return directory.appendingPathComponent("shoplist")
  }()

  let folder: URL
  var environment: [String: String]

  /// Writing to a command that has ended is an error to ignore, not a signal that ends the
  /// test run.
  private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// The database file the runs use unless they say otherwise.
  var database: URL {
    guard let location = environment["SHOPLIST_DB"] else {
      return folder.appendingPathComponent("data/shoplist.sqlite")
    }
    if location.contains("://") {
      // A test that looks at the file runs in the SQLite pass only (``sqlitePass``), or is
      // given a file of its own.
      Issue.record("the test looks for a database file, but runs on \(location.prefix(13))…")
      return folder.appendingPathComponent("data/no-file-on-this-engine")
    }
    return URL(fileURLWithPath: location)
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": folder.appendingPathComponent("home").path,
      "LANG": "C.UTF-8",
    ]
    environment["SHOPLIST_DB"] = try Engine.suite.location(in: folder)
  }

  /// Runs `shoplist` with `arguments` and waits for it.
  @discardableResult
  func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:])
    throws -> Result
  {
    try run(arguments: arguments, stdin: stdin, environment: extra)
  }

  func run(
    arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
    workingDirectory: URL? = nil, asUser user: Int? = nil
  ) throws -> Result {
    let process = Subprocess()
    if let user {
      // setpriv drops root's privileges, so that file permissions bind the run.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Self.binary.path] + arguments
    } else {
      process.executableURL = Self.binary
      process.arguments = arguments
    }
    process.environment = environment.merging(extra) { $1 }
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    let output = Pipe()
    let errors = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    _ = Self.ignoringBrokenPipes
    try process.run()
    if let stdin {
      // A command may end before reading its input (a refusal): the rest is not wanted.
      try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    }
    try? input.fileHandleForWriting.close()
    // Read both pipes at once and before waiting, so that a large output on either cannot
    // fill its pipe and stall the child.
    let (outputData, errorData) = Self.readBoth(output, errors)
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Runs `shoplist` with `arguments` and waits for it without holding a thread: for tests
  /// that run several at once, whose waits would otherwise take every thread the tests share
  /// (``ChildProcess``).
  @discardableResult
  func runWithoutBlocking(
    _ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]
  ) async throws -> Result {
    try await runWithoutBlocking(arguments: arguments, stdin: stdin, environment: extra)
  }

  @discardableResult
  func runWithoutBlocking(
    arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]
  ) async throws -> Result {
    _ = Self.ignoringBrokenPipes
    let child = try await ChildProcess.run(
      Self.binary.path, arguments, environment: environment.merging(extra) { $1 },
      stdin: stdin.map { Data($0.utf8) })
    return Result(status: child.status, stdout: child.stdout, stderr: child.stderr)
  }

  /// Runs a `sh -c` command line with this shoplist's environment.
  func runShell(_ commandLine: String) throws -> Result {
    try runTool("/bin/sh", ["-c", commandLine])
  }

  /// Runs another program (a shell, `script`) with this shoplist's environment and `extra`,
  /// standard input empty, in this shoplist's folder (whatever it leaves behind goes with
  /// it), and waits for it.
  func runTool(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:]
  ) throws -> Result {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    process.currentDirectoryURL = folder
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let (outputData, errorData) = Self.readBoth(output, errors)
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Everything the two pipes carry until they close, read side by side.
  static func readBoth(_ first: Pipe, _ second: Pipe) -> (Data, Data) {
    nonisolated(unsafe) var secondData = Data()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      secondData = second.fileHandleForReading.readDataToEndOfFile()
      done.signal()
    }
    let firstData = first.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    return (firstData, secondData)
  }

  /// Runs and requires success.
  @discardableResult
  func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Result
  {
    let result = try run(arguments: arguments)
    #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  /// The names on the target list, in order, read with `list --json`.
  func names(list: String? = nil) throws -> [String] {
    var arguments = ["list", "--json"]
    if let list { arguments += ["--list", list] }
    return try run(arguments: arguments).itemNames()
  }

  func fileBytes(_ url: URL) -> Data? {
    FileManager.default.contents(atPath: url.path)
  }
}
