import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A check of the page in a real browser, written in Python (selenium) and run as a process
/// of its own. It prints one line per check and then `N passed, N failed`. A line
/// `server: WHAT` asks the test to do something to the server — stop it, start it again —
/// before the script goes on: the test does it and answers `done` on the script's input.
public final class BrowserScript {
  /// Everything the script printed, and how it ended.
  public struct Outcome: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String

    /// Whether the script ended well, its closing line counting some checks and no failure.
    public var allPassed: Bool {
      let closing = output.split(separator: "\n").last { $0.hasSuffix(" failed") } ?? ""
      guard let counts = closing.wholeMatch(of: /(\d+) passed, (\d+) failed/) else {
        return false
      }
      return status == 0 && Int(counts.1) ?? 0 > 0 && counts.2 == "0"
    }
  }

  /// Runs `script` with `arguments`, calling `serve` for each `server:` request, and waits
  /// for it to end.
  public static func run(
    _ script: URL, _ arguments: [String], serve: (String) throws -> Void
  ) throws -> Outcome {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONDONTWRITEBYTECODE"] = "1"  // no __pycache__ beside the scripts
    environment["PYTHONUNBUFFERED"] = "1"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errorFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("browser-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
    }
    defer { try? FileManager.default.removeItem(at: errorFile) }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()

    var printed = ""
    var pending = Data()
    let reader = output.fileHandleForReading.fileDescriptor
    while let chunk = Self.read(reader) {
      pending.append(chunk)
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...end)
        printed += line + "\n"
        guard line.hasPrefix("server: ") else { continue }
        do {
          try serve(String(line.dropFirst("server: ".count)))
          input.fileHandleForWriting.write(Data("done\n".utf8))
        } catch {
          printed += "(the test could not do that: \(error))\n"
          input.fileHandleForWriting.write(Data("failed\n".utf8))
        }
      }
    }
    process.waitUntilExit()
    let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return Outcome(status: process.terminationStatus, output: printed, errors: errors)
  }

  /// The next bytes from `descriptor`, or `nil` at its end. A read interrupted by a signal
  /// (another test's child process ending) is tried again: the script runs for many seconds,
  /// and FileHandle's own reading stops the whole test process on an interruption.
  private static func read(_ descriptor: Int32) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return Data(buffer[0..<count]) }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }
}
