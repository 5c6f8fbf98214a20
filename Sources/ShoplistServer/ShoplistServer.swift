import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import ShoppingService
import ShoppingStorage
import UnixSignals

/// `shoplist serve`: the JSON API, the event stream and the page over one shoplist database,
/// for the phones of a household. Routes are thin translators onto ``ShoppingService``, as
/// the command line's commands are; every change goes through the same actions and reducers
/// and is recorded in history, labelled `web: …`.
///
/// Every request is treated as hostile: it must name a host this server serves, a path as
/// written, and carry the token (or the cookie it sets, from the page itself); guessing is
/// slowed down; connections are bounded in number and in how long they may idle or dawdle.
///
/// ```swift
/// let server = ShoplistServer(service: service, configuration: .init(token: "a-long-secret"))
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
    /// The certificate chain and key to answer HTTPS with; plain HTTP without one.
    public var certificate: ServerCertificate?
    /// The address people open when it is not the one served (behind a reverse proxy): its
    /// host is accepted in `Host`, and a page opened there may send changes.
    public var publicURL: String?
    /// How often an idle event stream gets a comment.
    public var keepAlive: Duration
    /// How often the database is asked for changes while an event stream is open.
    public var changePolling: Duration
    /// How long a request's headers may take to arrive.
    public var headerTimeout: Duration
    /// How long a connection may stay idle between requests.
    public var idleTimeout: Duration
    /// How long bytes waiting to be sent on a connection may wait without any of them being
    /// taken by the client before the connection is closed: a client that asks and never reads
    /// holds its connection for no longer.
    public var writeTimeout: Duration
    /// How long the responses in flight at SIGTERM may take to be sent before the server
    /// closes their connections.
    public var gracePeriod: Duration
    /// How many connections may be open at once; by default as many as the process's limit
    /// on open files allows, less what the server needs for itself.
    public var maximumConnections: Int?
    /// How many connections one client (an IPv4 address, or an IPv6 /64 network) may have open
    /// at once; a household's phones need a few each.
    public var connectionsPerClient: Int
    /// The addresses of reverse proxies in front of the server (`--trust-proxy`): they carry
    /// every client's connections, so they are held to no limit per client, and the address
    /// they add to `X-Forwarded-For` is the one a request comes from.
    public var trustedProxies: [String]
    /// How many wrong tokens or cookies an address may present in a minute before its
    /// requests without a valid credential are refused for a minute (429).
    public var failedAuthenticationLimit: Int
    /// Draws an invite link's QR code as an SVG image (`nil` when it does not fit one).
    public var inviteQRCode: @Sendable (String) -> String?

    /// A configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8080, token: String,
      certificate: ServerCertificate? = nil, publicURL: String? = nil,
      keepAlive: Duration = .seconds(15), changePolling: Duration = .milliseconds(100),
      headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60),
      writeTimeout: Duration = .seconds(30), gracePeriod: Duration = .seconds(10),
      maximumConnections: Int? = nil, connectionsPerClient: Int = 64,
      trustedProxies: [String] = [], failedAuthenticationLimit: Int = 20,
      inviteQRCode: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.certificate = certificate
      self.publicURL = publicURL
      self.keepAlive = keepAlive
      self.changePolling = changePolling
      self.headerTimeout = headerTimeout
      self.idleTimeout = idleTimeout
      self.writeTimeout = writeTimeout
      self.gracePeriod = gracePeriod
      self.maximumConnections = maximumConnections
      self.connectionsPerClient = connectionsPerClient
      self.trustedProxies = trustedProxies
      self.failedAuthenticationLimit = failedAuthenticationLimit
      self.inviteQRCode = inviteQRCode
    }
  }

  let service: ShoppingService
  let configuration: Configuration
  /// The page and the files a phone keeps of it.
  let shell: AppShell
  /// Failed authentications by address, kept for the life of the server.
  let failures: FailedAuthentications

  /// A server of `service`'s database.
  public init(service: ShoppingService, configuration: Configuration) {
    self.init(service: service, configuration: configuration, shell: .embedded)
  }

  /// A server of `service`'s database serving `shell` as its page: the one compiled in, or
  /// another build of it.
  init(service: ShoppingService, configuration: Configuration, shell: AppShell) {
    self.service = service
    self.configuration = configuration
    self.shell = shell
    self.failures = FailedAuthentications(
      limit: configuration.failedAuthenticationLimit,
      trustedProxies: Set(configuration.trustedProxies.compactMap { ClientPrefix($0) }))
  }

  /// The authority of ``Configuration/publicURL``.
  var publicAuthority: Authority? {
    configuration.publicURL.flatMap { Authority(origin: $0) }
  }

  /// The public address's scheme (`http` or `https`).
  var publicScheme: String {
    configuration.publicURL?.lowercased().hasPrefix("https:") == true ? "https" : "http"
  }

  /// The hosts whose pages are opened over HTTPS, so that the session cookie is only ever sent
  /// encrypted: every host when this server speaks TLS, else the public address's behind a
  /// proxy that does (`--url https://…`).
  var inviteLinks: InviteLinkWriter {
    InviteLinkWriter(
      publicURL: configuration.publicURL, isSecure: configuration.certificate != nil,
      qrCode: configuration.inviteQRCode)
  }

  var pageOrigin: PageOrigin {
    PageOrigin(
      publicOrigin: publicAuthority, publicScheme: publicScheme,
      isSecure: configuration.certificate != nil)
  }

  var secureHosts: PageController.SecureHosts {
    if configuration.certificate != nil { return .all }
    if publicScheme == "https", let host = publicAuthority?.host { return .only(host) }
    return .none
  }

  /// The routes, for a server or for tests that send requests without a socket.
  func router(feed: ChangeFeed, file: DatabaseFile? = nil) -> Router<ServerRequestContext> {
    // HEAD is answered wherever GET is (RFC 9110 §9.3.2), by the GET route with its
    // middleware, without the body.
    let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
    // A middleware wraps only the routes added after it: blocking storage calls refused
    // first, in everything a request runs; then a HEAD answer's body left out; then errors, so
    // that it also turns the other middleware's refusals and the router's "not found" into
    // JSON.
    router.add(middleware: BlockingCallsMiddleware())
    router.add(middleware: HeadWithoutBodyMiddleware())
    router.add(middleware: JSONErrorMiddleware())
    if let file { router.add(middleware: DatabaseFileMiddleware(file: file)) }
    // A browser that opened a refused link is shown a page that says what to do, not JSON.
    router.add(middleware: StaleLinkPageMiddleware(page: StaleLinkPage()))
    router.add(
      middleware: RequestGuardMiddleware(
        hosts: ServedHosts(listening: configuration.host, publicURL: publicAuthority),
        routes: DocumentedRoutes(openAPI: PackageResources.openapi_json)))
    // After the guard, every path is as written, so "under /api" is a plain prefix; the check
    // wraps the router's "not found" too, so an unknown /api path is 401 without the token.
    router.add(
      middleware: TokenAuthMiddleware(
        token: configuration.token,
        householdSession: ShoppingService.householdSession(forToken: configuration.token),
        service: service, failures: failures, origin: pageOrigin))
    PageController(
      token: configuration.token, failures: failures, secureHosts: secureHosts, page: shell.index
    ).addRoutes(to: router)
    ShellController(shell: shell).addRoutes(to: router)
    JoinController(
      service: service, failures: failures, secureHosts: secureHosts, origin: pageOrigin
    ).addRoutes(to: router)
    let api = router.group("api")
    ListsController(service: service).addRoutes(to: api.group("lists"))
    HistoryController(service: service).addRoutes(to: api)
    SuggestionsController(service: service).addRoutes(to: api)
    ActivityController(service: service).addRoutes(to: api)
    ShopsController(service: service).addRoutes(to: api.group("shops"))
    EventsController(feed: feed, keepAlive: configuration.keepAlive).addRoutes(to: api)
    SessionController().addRoutes(to: api)
    InvitesController(service: service, links: inviteLinks).addRoutes(to: api)
    return router
  }

  /// The application, calling `onListening` with the port once it listens.
  func application(
    feed: ChangeFeed, connections: OpenConnections, file: DatabaseFile? = nil,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    var logger = Logger(label: "shoplist.serve")
    logger.logLevel = .warning
    let http1 = HTTP1Channel.Configuration(
      additionalChannelHandlers: [DrainBeforeClose(connections: connections)],
      idleTimeout: TimeAmount(configuration.idleTimeout))
    let deadlines = ConnectionDeadlines(
      header: TimeAmount(configuration.headerTimeout),
      writeProgress: TimeAmount(configuration.writeTimeout))
    let tls = configuration.certificate?.configuration
    return Application(
      router: router(feed: feed, file: file),
      server: HTTPServerBuilder { responder -> any ServerChildChannel in
        let http = AbsoluteFormTarget.Channel(
          base: HTTP1Channel(responder: responder, configuration: http1))
        guard let tls else {
          return GuardedHTTP1Channel(base: http, connections: connections, deadlines: deadlines)
        }
        return GuardedHTTP1Channel(
          base: try TLSChannel(http, tlsConfiguration: tls), connections: connections,
          deadlines: deadlines)
      },
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: nil),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
      logger: logger
    )
  }
}
