import Foundation

/// Connections to a port that send nothing, held open by a Python process until ``close()``.
final class IdleConnections {
  private let process = Process()
  private let input = Pipe()
  /// How many connections are open.
  let opened: Int

  init(port: Int, count: Int) throws {
    let script = """
      import socket, sys
      held = []
      for _ in range(\(count)):
          try:
              held.append(socket.create_connection(("127.0.0.1", \(port)), timeout=5))
          except OSError:
              break
      print(len(held), flush=True)
      sys.stdin.read()
      """
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    opened = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Closes every connection and waits for the process to end.
  func close() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { close() }
  }
}
