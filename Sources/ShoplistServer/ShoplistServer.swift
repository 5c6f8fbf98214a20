import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import ShoppingService
import UnixSignals

/// `shoplist serve`: the JSON API, the event stream and the page over one shoplist database,
/// for the phones of a household. Routes are thin translators onto ``ShoppingService``, as
/// the command line's commands are; every change goes through the same actions and reducers
/// and is recorded in history, labelled `web: …`.
///
/// ```swift
/// let server = ShoplistServer(service: service, configuration: .init(token: "secret"))
/// try await server.run()   // until SIGINT or SIGTERM
/// ```
public struct ShoplistServer: Sendable {
  /// Where to listen and who may come in.
  public struct Configuration: Sendable {
    /// The address to listen on: loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// What every `/api` request must carry.
    public var token: String
    /// How often an idle event stream gets a comment.
    public var keepAlive: Duration
    /// How often the database is asked for changes while an event stream is open.
    public var changePolling: Duration

    /// A configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8080, token: String,
      keepAlive: Duration = .seconds(15), changePolling: Duration = .milliseconds(100)
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.keepAlive = keepAlive
      self.changePolling = changePolling
    }
  }

  let service: ShoppingService
  let configuration: Configuration

  /// A server of `service`'s database.
  public init(service: ShoppingService, configuration: Configuration) {
    self.service = service
    self.configuration = configuration
  }

  /// The routes, for a server or for tests that send requests without a socket.
  func router(feed: ChangeFeed) -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self)
    // A middleware wraps only the routes added after it: errors first, so that it also turns
    // the token check's refusals and the router's "not found" into JSON.
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: TokenAuthMiddleware(token: configuration.token))
    PageController().addRoutes(to: router)
    let api = router.group("api")
    ListsController(service: service).addRoutes(to: api.group("lists"))
    EventsController(feed: feed, keepAlive: configuration.keepAlive).addRoutes(to: api)
    return router
  }

  /// The application, calling `onListening` with the port once it listens.
  func application(
    feed: ChangeFeed, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    var logger = Logger(label: "shoplist.serve")
    logger.logLevel = .warning
    return Application(
      router: router(feed: feed),
      server: .http1(configuration: .init(additionalChannelHandlers: [DrainBeforeClose()])),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: nil),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
      logger: logger
    )
  }

  /// Serves until SIGINT or SIGTERM, then stops taking connections, lets the requests in
  /// flight finish (for at most `gracePeriod`), ends the event streams, and returns.
  ///
  /// - Parameter onListening: Called with the port once the server listens.
  public func run(
    gracePeriod: Duration = .seconds(10),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    let feed = ChangeFeed(service: service, interval: configuration.changePolling)
    let app = application(feed: feed, onListening: onListening)
    var group = ServiceGroupConfiguration(
      services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint],
      logger: app.logger)
    group.maximumGracefulShutdownDuration = gracePeriod
    defer { feed.finish() }
    try await ServiceGroup(configuration: group).run()
  }
}

/// The context of every request: bodies up to 1 MiB (larger ones are answered 413).
struct ServerRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage

  init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
  }

  var maxUploadSize: Int { 1 << 20 }
}
