import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

@testable import ShoplistServer

/// A server of a harness's database listening on a loopback port the test may choose, started
/// and stopped by the test as `shoplist serve` would be, in this process: so that it can serve
/// a page other than the one compiled in (another build), which the command line cannot.
final class LiveServer: Sendable {
  let port: Int
  private let group: ServiceGroup
  private let running: Task<Void, any Error>
  private let feed: ChangeFeed
  private let connections: OpenConnections

  private init(
    port: Int, group: ServiceGroup, running: Task<Void, any Error>, feed: ChangeFeed,
    connections: OpenConnections
  ) {
    self.port = port
    self.group = group
    self.running = running
    self.feed = feed
    self.connections = connections
  }

  /// Starts a server of `harness`'s database and configuration on `port` (0: a free one),
  /// serving `shell` as its page, and returns once it listens. A given port a server of the
  /// test stopped a moment ago may not be free yet: that is tried again for up to 10 s.
  static func start(_ harness: Harness, port: Int = 0, shell: AppShell) async throws -> LiveServer {
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      do {
        return try await startOnce(harness, port: port, shell: shell)
      } catch {
        guard port != 0, ContinuousClock.now < deadline else { throw error }
        try await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  private static func startOnce(
    _ harness: Harness, port: Int, shell: AppShell
  ) async throws -> LiveServer {
    var configuration = harness.configuration
    configuration.port = port
    let server = ShoplistServer(
      service: harness.service, configuration: configuration, shell: shell)
    let feed = ServerThreads.feed(harness, interval: configuration.changePolling)
    let connections = OpenConnections(limit: 1_000)
    let (listening, announce) = AsyncStream.makeStream(of: Int.self)
    let app = server.application(feed: feed, connections: connections) { port in
      announce.yield(port)
      announce.finish()
    }
    let group = ServiceGroup(
      configuration: .init(services: [.init(service: app)], logger: Logger(label: "test")))
    let running = Task(executorPreference: ServerThreads.shared) {
      // A server that ends without listening (its port taken) ends the wait for its port.
      defer { announce.finish() }
      try await group.run()
    }
    var ports = listening.makeAsyncIterator()
    guard let bound = await ports.next() else {
      running.cancel()
      try await running.value
      throw LiveServerError.didNotListen
    }
    return LiveServer(
      port: bound, group: group, running: running, feed: feed, connections: connections)
  }

  /// The connections the server holds open now.
  var openConnections: Int { connections.count }

  /// Stops taking connections, ends the event streams and open connections, and waits until
  /// the port is free again: for up to ``ServerThreads/stopping``, then throws rather than keep
  /// the test waiting (see ``ServerThreads``).
  func stop() async throws {
    connections.stopAdmitting()
    await group.triggerGracefulShutdown()
    feed.finish()
    connections.closeAll()
    // Not a task group: one would wait for the server's task however long it hangs.
    let running = running
    let answered = Mutex(false)
    let stopped = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool, Never>) in
      let answer: @Sendable (Bool) -> Void = { stopped in
        let first = answered.withLock { done in
          defer { done = true }
          return !done
        }
        if first { continuation.resume(returning: stopped) }
      }
      Task.detached {
        _ = try? await running.value
        answer(true)
      }
      Task.detached {
        try? await Task.sleep(for: ServerThreads.stopping)
        answer(false)
      }
    }
    guard stopped else { throw ServerThreadsError.didNotStop }
  }
}

enum LiveServerError: Error {
  case didNotListen
  case unknownRequest(String)
}

/// The one server a browser check talks to, replaced as the check asks.
actor RunningServer {
  private var current: LiveServer?

  init(_ server: LiveServer) {
    current = server
  }

  /// Stops the server, if one runs, and starts `next`, if given.
  func replace(with next: (@Sendable () async throws -> LiveServer)? = nil) async throws {
    let stopping = current
    current = nil
    try await stopping?.stop()
    if let next { current = try await next() }
  }
}

/// Runs `body` on a thread of its own, which it may block (waiting for a browser, or for
/// ``blockingWait(_:)``), never on one the concurrency pool needs.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// Waits, blocking this thread (one of ``onOwnThread(_:)``'s), for `body` to run as a task.
func blockingWait(_ body: @escaping @Sendable () async throws -> Void) throws {
  let done = DispatchSemaphore(value: 0)
  let failure = Mutex<(any Error)?>(nil)
  Task {
    do { try await body() } catch { failure.withLock { $0 = error } }
    done.signal()
  }
  done.wait()
  if let error = failure.withLock({ $0 }) { throw error }
}
