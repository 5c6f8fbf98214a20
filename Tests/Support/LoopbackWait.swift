import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for a server on loopback without holding a thread while it waits: each attempt to
/// connect is answered at once on loopback (accepted or refused), and between attempts the
/// task sleeps, suspended, so that the shared pool goes on with other tests.
///
/// ```swift
/// #expect(await LoopbackWait.untilListening(port: server.port, for: .seconds(10)))
/// ```
public enum LoopbackWait {
  /// Whether something accepts connections on `127.0.0.1:port` within `limit`.
  public static func untilListening(
    port: Int, for limit: Duration, every interval: Duration = .milliseconds(20)
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
      if let connection = RawConnection(port: port) {
        connection.close()
        return true
      }
      guard clock.now < deadline, (try? await Task.sleep(for: interval)) != nil else {
        return false
      }
    }
  }
}
