import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import ShoppingService
import ShoppingStorage
import UnixSignals

// MARK: - Running

extension ShoplistServer {
  /// The bound on open connections: the configured one, else what the file limit allows
  /// (raised to the hard limit first).
  func connectionLimit() -> Int {
    configuration.maximumConnections ?? FileLimit.connections(under: FileLimit.raise())
  }

  /// Serves until SIGINT or SIGTERM, then stops taking connections, lets the requests in
  /// flight finish for at most ``Configuration/gracePeriod`` (closing whatever is still open
  /// then), ends the event streams, and returns.
  ///
  /// - Parameters:
  ///   - onListening: Called with the port once the server listens.
  ///   - onWarning: Called with what the person running the server must know and act on: the
  ///     database file replaced or deleted under it.
  public func run(
    onListening: @escaping @Sendable (Int) async -> Void = { _ in },
    onWarning: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws {
    FreedMemory.keepForReuse()
    let feed = ChangeFeed(service: service, interval: configuration.changePolling)
    let file = DatabaseFile(of: service)
    let connections = OpenConnections(
      limit: connectionLimit(), limitPerClient: configuration.connectionsPerClient,
      unlimitedClients: Set(configuration.trustedProxies.compactMap { ClientPrefix($0) }))
    let app = application(
      feed: feed, connections: connections, file: file, onListening: onListening)
    // The grace period is kept here rather than by the service group, whose cancellation at
    // the end of it would stop reading requests but let responses go on being written.
    var group = ServiceGroupConfiguration(services: [.init(service: app)], logger: app.logger)
    group.maximumGracefulShutdownDuration = nil
    let services = ServiceGroup(configuration: group)
    let grace = configuration.gracePeriod
    defer { feed.finish() }
    // Every request, stream and watch runs in a task of Swift's few shared threads: none may
    // hold its thread in a synchronous storage call (a debug build stops at one).
    try await BlockingCalls.refusing {
      try await serve(
        services, feed: feed, file: file, connections: connections, grace: grace,
        onWarning: onWarning)
    }
  }

  private func serve(
    _ services: ServiceGroup, feed: ChangeFeed, file: DatabaseFile?,
    connections: OpenConnections, grace: Duration,
    onWarning: @escaping @Sendable (String) -> Void
  ) async throws {
    // Trapped before the server starts listening, so before it says where: a SIGTERM sent
    // as soon as it has said so (a supervisor's, a script's) stops it gracefully rather than
    // ending it by the signal's default action.
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await services.run() }
      if let file {
        tasks.addTask { await watch(file, feed: feed, onWarning: onWarning) }
      }
      tasks.addTask {
        // The first signal starts the shutdown and the grace period; a second one, or the end
        // of the grace period, closes whatever is still open.
        var graceTimer: Task<Void, Never>?
        defer { graceTimer?.cancel() }
        for await _ in signals {
          guard graceTimer == nil else {
            connections.closeAll()
            continue
          }
          graceTimer = Task {
            try? await Task.sleep(for: grace)
            if !Task.isCancelled { connections.closeAll() }
          }
          // New connections are closed from now on; those being set up this moment reach the
          // server before it stops taking them in.
          connections.stopAdmitting()
          try? await Task.sleep(for: .milliseconds(50))
          await services.triggerGracefulShutdown()
        }
      }
      try await tasks.next()
      tasks.cancelAll()
    }
  }
}
