import Foundation

/// Connections to a port held open by a Python process until ``close()``, from many loopback
/// addresses (40 from each, as `RawConnection.crowdAddress` spreads them), as a crowd of
/// clients would hold them, not one: either sending nothing, or asking and never reading —
/// each with a tiny receive buffer, a few pipelined `GET`s of `/openapi.json` and `/`, and
/// then nothing read. Sendable so that a test may open and close them on a thread of its own;
/// it uses them from one place at a time.
public final class HeldConnections: @unchecked Sendable {
  private let process = Subprocess()
  private let input = Pipe()
  /// How many connections were opened (and, when asking, sent their requests).
  public let opened: Int

  /// - Parameters:
  ///   - asking: Whether each connection asks for documents it never reads.
  ///   - tls: Whether to speak TLS (trusting any certificate) before asking.
  public init(port: Int, count: Int, asking: Bool = false, tls: Bool = false) throws {
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
      def open_one(index):
          client = index // 40
          source = "127.1.%d.%d" % (client // 250, 2 + client % 250)
          raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
          if asking:
              raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
          raw.bind((source, 0))
          raw.settimeout(10)
          raw.connect(("127.0.0.1", port))
          conn = context.wrap_socket(raw) if tls else raw
          if asking:
              conn.sendall(requests)
          return conn
      # Sixteen at a time: one after the other, 2,000 TLS handshakes with a busy server took
      # long enough on two cores for the first connections to reach the server's write
      # deadline before the last was open.
      import concurrent.futures
      held = []
      with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
          for outcome in [pool.submit(open_one, index) for index in range(count)]:
              try:
                  held.append(outcome.result())
              except OSError as error:
                  print("failed:", error, file=sys.stderr, flush=True)
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
  public func close() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { close() }
  }
}
