import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP connection to the server on loopback, driven byte by byte: what a browser, an idle
/// client or an attacker holding connections open does, with no HTTP library in between.
/// A connection is used by one thread at a time (handed to a reader thread whole).
public final class RawConnection: @unchecked Sendable {
  public private(set) var descriptor: Int32

  /// Connects to `127.0.0.1:port`, from the loopback address `source` when one is given (a
  /// client of its own: any `127.x.y.z` reaches the server); `nil` when the connection cannot
  /// be made.
  public init?(port: Int, receiveBuffer: Int? = nil, source: String? = nil) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        // Marked closed: a failed init still runs deinit, and a second close could close a
        // descriptor another thread has been given the number of meanwhile.
        Glibc.close(descriptor)
        descriptor = -1
        return nil
      }
    }
    if let receiveBuffer {
      var size = Int32(receiveBuffer)
      setsockopt(
        descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(descriptor)
      descriptor = -1
      return nil
    }
  }

  deinit { close() }

  public func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Sends `text`; false when the connection is gone.
  @discardableResult
  public func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let result = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard result > 0 else { return false }
      sent += result
    }
    return true
  }

  /// What arrives within `seconds`, up to `limit` bytes, and whether the server closed the
  /// connection (or reset it) meanwhile.
  public func receive(
    for seconds: Double, upTo limit: Int = 1 << 20, until done: (String) -> Bool = { _ in false }
  ) -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline, received.count < limit {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1_000))
      guard poll(&poller, 1, remaining) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[..<count]
      if done(String(decoding: received, as: UTF8.self)) { break }
    }
    return (String(decoding: received, as: UTF8.self), false)
  }

  /// Reads an answer `chunk` bytes at a time with a pause after each, as a phone on a poor
  /// connection does, until the connection closes or `seconds` pass: whether the body
  /// arrived whole (as long as its Content-Length says), and how many bytes did.
  public func readSlowly(
    chunk: Int = 16_384, pause: Double, for seconds: Double
  ) -> (whole: Bool, bytes: Int) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: chunk)
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 200) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
      usleep(useconds_t(pause * 1_000_000))
    }
    let text = String(decoding: received, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n"),
      let length = text[..<end.lowerBound].firstMatch(of: /(?i)content-length: *(\d+)/)
        .flatMap({ Int($0.1) })
    else { return (false, received.count) }
    let body = received.count - text.utf8.distance(from: text.startIndex, to: end.upperBound)
    return (body == length, received.count)
  }

  /// Sends an HTTP/1.1 request on this connection (kept alive) and reads its answer: the
  /// status, or 0 when none came within `seconds`.
  public func request(
    _ method: String, _ path: String, port: Int, headers: [String] = [], seconds: Double = 5
  ) -> Int {
    let head =
      ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers + ["", ""]
    guard send(head.joined(separator: "\r\n")) else { return 0 }
    let answer = receive(for: seconds) { text in
      guard let end = text.range(of: "\r\n\r\n") else { return false }
      let head = text[..<end.lowerBound]
      guard let length = head.firstMatch(of: /(?i)content-length: *(\d+)/).flatMap({ Int($0.1) })
      else { return true }
      return text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound)
        >= length
    }
    guard let status = answer.text.firstMatch(of: /^HTTP\/1\.1 (\d{3})/) else { return 0 }
    return Int(status.1) ?? 0
  }

  /// Opens `count` connections to `port` that send nothing (as many as can be opened), from
  /// many clients (``crowdAddress(_:)``), waits a moment for the server to take them, then
  /// opens one more from a client of its own: the connection past them, nil if none could be
  /// opened at all.
  public static func flood(
    _ port: Int, count: Int
  ) -> (idle: [RawConnection], late: RawConnection?) {
    let idle = (0..<count).compactMap { RawConnection(port: port, source: crowdAddress($0)) }
    usleep(300_000)
    return (idle, RawConnection(port: port, source: "127.0.0.2"))
  }

  /// The loopback address of the `index`th connection of a crowd: 40 from each address, from
  /// `127.1.0.2` on, so that no client of the crowd reaches the server's limit on connections
  /// from one client, and none is `127.0.0.1`, where the tests' own requests come from.
  public static func crowdAddress(_ index: Int) -> String {
    let client = index / 40
    return "127.1.\(client / 250).\(2 + client % 250)"
  }

  /// Raises this process's limit on open files to at least `count`, when the hard limit
  /// allows (or this is root), so that a test can hold that many connections.
  public static func allowOpenFiles(_ count: Int) {
    var limits = rlimit()
    let resource = __rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue))
    guard getrlimit(resource, &limits) == 0, limits.rlim_cur < rlim_t(count) else { return }
    limits.rlim_cur = rlim_t(count)
    if limits.rlim_max < rlim_t(count) { limits.rlim_max = rlim_t(count) }
    setrlimit(resource, &limits)
  }
}
