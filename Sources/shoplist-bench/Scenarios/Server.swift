import Foundation
import ShoplistTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A server process for the serve rows, its address (and whether it speaks HTTPS) read from
/// its first line.
final class Server {
  let process: Subprocess
  let base: String
  var pid: Int32 { process.processIdentifier }

  private init(process: Subprocess, base: String) {
    self.process = process
    self.base = base
  }

  static func start(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> Server {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = output.fileHandleForReading.firstLine()
    guard let port = text.firstMatch(of: /(?:port |:)(\d+)/).map({ String($0.1) }) else {
      process.terminate()
      throw BenchError("\(executable) printed no port: \(text)")
    }
    let scheme = text.contains("https://") ? "https" : "http"
    return Server(process: process, base: "\(scheme)://127.0.0.1:\(port)")
  }

  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }

  /// Runs a program to its end and returns its standard output.
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    try runTogether([(executable, arguments)])[0]
  }

  /// Starts programs all at once, waits for every one to end, and returns their standard
  /// outputs in order (each small enough for its pipe: read after the others end).
  static func runTogether(_ programs: [(executable: String, arguments: [String])]) throws
    -> [String]
  {
    var started: [(Subprocess, Pipe)] = []
    do {
      for program in programs {
        let process = Subprocess()
        process.executableURL = URL(fileURLWithPath: program.executable)
        process.arguments = program.arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        started.append((process, output))
      }
    } catch {
      for (process, _) in started {
        process.terminate()
        process.waitUntilExit()
      }
      throw error
    }
    return started.map { process, output in
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
  }
}
