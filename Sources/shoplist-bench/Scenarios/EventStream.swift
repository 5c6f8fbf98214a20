import Foundation
import ShoplistTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// An open `/api/events` stream (curl), read line by line as lines arrive.
final class EventStream {
  private let curl = Subprocess()
  private let output = Pipe()
  private var buffer = Data()

  static func open(_ url: String, token: String) throws -> EventStream {
    let stream = EventStream()
    stream.curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    stream.curl.arguments = ["-s", "-N", "-H", "Authorization: Bearer \(token)", url]
    stream.curl.standardOutput = stream.output
    stream.curl.standardError = FileHandle.nullDevice
    try stream.curl.run()
    return stream
  }

  /// Waits until a line containing `text` arrives (lines before it are passed over).
  func waitForLine(containing text: String, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    let handle = output.fileHandleForReading
    while Date() < deadline {
      while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...end)
        if line.contains(text) { return true }
      }
      var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
      guard poll(&poller, 1, wait) > 0 else { continue }
      let chunk = handle.availableData
      if chunk.isEmpty { return false }
      buffer.append(chunk)
    }
    return false
  }

  func close() {
    if curl.isRunning {
      kill(curl.processIdentifier, SIGTERM)
      curl.waitUntilExit()
    }
  }
}
