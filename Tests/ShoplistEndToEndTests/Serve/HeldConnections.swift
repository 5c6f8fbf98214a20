import Foundation
import ShoplistTestSupport

/// Connections to a port held open by a Python process until ``close()``, from many loopback
/// addresses (40 from each, as `RawConnection.crowdAddress` spreads them), as a crowd of
/// clients would hold them, not one: either sending nothing, or asking and never reading —
/// each with a tiny receive buffer, a few pipelined `GET`s of `/openapi.json` and `/`, and
/// then nothing read.
final class HeldConnections {
  private let process = Process()
  private let input = Pipe()
  /// How many connections were opened (and, when asking, sent their requests).
  let opened: Int

  /// - Parameters:
  ///   - asking: Whether each connection asks for documents it never reads.
  ///   - tls: Whether to speak TLS (trusting any certificate) before asking.
  init(port: Int, count: Int, asking: Bool = false, tls: Bool = false) throws {
    let script = """
      import socket, ssl, sys
      port, count = \(port), \(count)
      asking, tls = \(asking ? "True" : "False"), \(tls ? "True" : "False")
      context = ssl.create_default_context()
      context.check_hostname = False
      context.verify_mode = ssl.CERT_NONE
      requests = b"".join(
          b"GET " + path + b" HTTP/1.1\\r\\nHost: 127.0.0.1:" + str(port).encode() + b"\\r\\n\\r\\n"
          for path in [b"/openapi.json", b"/"] * 4)
      held = []
      for index in range(count):
          client = index // 40
          source = "127.1.%d.%d" % (client // 250, 2 + client % 250)
          try:
              raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
              if asking:
                  raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
              raw.bind((source, 0))
              raw.settimeout(10)
              raw.connect(("127.0.0.1", port))
              conn = context.wrap_socket(raw) if tls else raw
              if asking:
                  conn.sendall(requests)
              held.append(conn)
          except OSError as error:
              print("failed:", error, file=sys.stderr, flush=True)
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
    opened = Int(output.fileHandleForReading.firstLine().trimmingCharacters(in: .whitespaces)) ?? 0
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
