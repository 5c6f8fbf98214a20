import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The connection bounds hold under TLS: a handshake is part of the time a connection has to
/// send its headers, headers are timed as they arrive decrypted, and past the file limit a
/// connection is closed before any TLS work is spent on it.
@Suite(.offThePool, .serialized, .sqlitePass) struct TLSConnectionTests {
  @Test(.runningTimeLimit(.seconds(60)))
  func aHandshakeThatNeverCompletesIsClosedWithinTheHeaderDeadline() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)
    guard let silent = RawConnection(port: server.port),
      let stalled = RawConnection(port: server.port)
    else { throw Shoplist.Failure("cannot connect") }
    let started = Date()
    // The first bytes of a TLS handshake record, and nothing more.
    #expect(stalled.send("\u{16}\u{03}\u{01}\u{00}@\u{01}"))

    let closed = stalled.receive(for: 13)
    let seconds = Date().timeIntervalSince(started)
    #expect(closed.closed, "a stalled handshake was kept open")
    #expect(seconds >= 9 && seconds < 12.5, "closed after \(seconds) s")
    #expect(silent.receive(for: 1).closed, "a connection that sent nothing was kept open")
    #expect(
      try server.endpoint.request(
        "GET", "/api/lists", curlOptions: ["--cacert", certificates.authority]
      ).status == 200)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func headersDribblingInAfterTheHandshakeAreTimedAndAKeptAliveConnectionIsNot() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)

    // One connection asks, waits longer than the header deadline, and asks again; another
    // completes its handshake and sends a request's headers a byte a second.
    let script = """
      import socket, ssl, sys, threading, time
      port, authority, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
      context = ssl.create_default_context(cafile=authority)
      def connect():
          raw = socket.create_connection(("127.0.0.1", port))
          return context.wrap_socket(raw, server_hostname="localhost")
      def ask(connection):
          connection.sendall(("GET /api/lists HTTP/1.1\\r\\nHost: localhost\\r\\n"
              "Authorization: Bearer " + token + "\\r\\n\\r\\n").encode())
          answer = b""
          while b"\\r\\n\\r\\n" not in answer or not answer.rstrip().endswith(b"}"):
              chunk = connection.recv(65536)
              if not chunk:
                  return "closed"
              answer += chunk
          return answer.split(b"\\r\\n")[0].decode()
      results = {}
      def kept_alive():
          connection = connect()
          first = ask(connection)
          time.sleep(12)
          results["kept"] = first + " then " + ask(connection)
      def dribbling():
          connection = connect()
          started = time.time()
          try:
              for byte in b"GET /api/lists HTTP/1.1\\r\\nHost: localhost\\r\\nX-Slow: ":
                  connection.sendall(bytes([byte]))
                  connection.settimeout(1)
                  try:
                      if connection.recv(1) == b"":
                          break
                  except socket.timeout:
                      pass
          except OSError:
              pass
          results["dribble"] = "closed after %.1f s" % (time.time() - started)
      threads = [threading.Thread(target=kept_alive), threading.Thread(target=dribbling)]
      for thread in threads: thread.start()
      for thread in threads: thread.join()
      print(results["kept"])
      print(results["dribble"])
      """
    let result = try shoplist.runTool(
      "/usr/bin/env",
      ["python3", "-c", script, String(server.port), certificates.authority, server.token])

    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "HTTP/1.1 200 OK then HTTP/1.1 200 OK", "\(result)")
    let seconds = lines.last.flatMap { $0.firstMatch(of: /closed after ([0-9.]+) s/) }
      .flatMap { Double($0.1) }
    #expect(seconds.map { $0 >= 9 && $0 < 12.5 } == true, "\(result)")
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func atTheFileLimitNewConnectionsAreClosedBeforeAnyTLSWork() throws {
    RawConnection.allowOpenFiles(4_096)
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options, fileLimit: 160)

    var (flood, late) = RawConnection.flood(server.port, count: 400)
    guard let late else { throw Shoplist.Failure("cannot connect") }
    #expect(late.receive(for: 3).closed, "a connection past the limit was kept waiting")
    #expect(server.process.isRunning)

    flood.removeAll()
    #expect(
      try ConnectionTests.answersAgain {
        try server.endpoint.request(
          "GET", "/api/lists", curlOptions: ["--cacert", certificates.authority]
        ).status
      })
    #expect(server.stop().status == 0)
  }
}
