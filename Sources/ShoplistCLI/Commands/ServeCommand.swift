import ArgumentParser
import Dispatch
import Foundation
import ShoplistServer
import ShoppingService
import ShoppingStorage
import Synchronization

struct ServeCommand: RunningCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the lists to the phones of your household: a page and a JSON API.",
    discussion: """
      The first line printed is the address to open, with the access token; anyone with it \
      can change your lists. The default address is this machine only (127.0.0.1); to reach \
      it from phones on your network, give --host 0.0.0.0. With --tls-cert and --tls-key it \
      answers HTTPS (TLS 1.2 or later) instead of HTTP. Behind a reverse proxy, give the \
      address people open as --url, and the proxy's own address as --trust-proxy (its \
      connections are then not held to the limit of 64 a client, and the address it names in \
      X-Forwarded-For is the client's). Stops on Ctrl-C or SIGTERM, after the requests in flight \
      (for at most --grace seconds).

      Examples:
        shoplist serve
        shoplist serve --host 0.0.0.0 --port 8080
        shoplist serve --host 0.0.0.0 --tls-cert fullchain.pem --tls-key privkey.pem
        shoplist serve --url https://list.example.org --trust-proxy 127.0.0.1
      """
  )

  /// The fewest characters a token may have: a shorter one is guessed too easily.
  static let minimumTokenLength = 16

  /// Of the global options, those that do something here: the others are refused (exit 64).
  @OptionGroup var service: ServiceOptions
  var global: GlobalOptions { .only(service) }
  @Option(help: ArgumentHelp("The address to listen on.", valueName: "addr"))
  var host = "127.0.0.1"
  @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "n"))
  var port = 8080
  @Option(
    help: ArgumentHelp(
      "The access token, at least 16 characters (else $SHOPLIST_TOKEN, else a new random one).",
      valueName: "token"))
  var token: String?
  @Option(
    name: .customLong("tls-cert"),
    help: ArgumentHelp(
      "The PEM certificate chain to answer HTTPS with (with --tls-key).", valueName: "file"))
  var tlsCertificate: String?
  @Option(
    name: .customLong("tls-key"),
    help: ArgumentHelp(
      "The PEM private key of that certificate, without a passphrase.", valueName: "file"))
  var tlsKey: String?
  @Option(
    help: ArgumentHelp(
      "The address people open, when it is not the one served (else $SHOPLIST_URL).",
      valueName: "url"))
  var url: String?
  @Option(
    name: .customLong("trust-proxy"),
    help: ArgumentHelp(
      "The address of a reverse proxy in front (repeatable): its X-Forwarded-For is believed.",
      valueName: "addr"))
  var trustedProxies: [String] = []
  @Option(
    help: ArgumentHelp(
      "How long requests in flight at shutdown may take to finish.",
      valueName: "seconds"))
  var grace: Double = 10

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535")
    }
    switch (tlsCertificate, tlsKey) {
    case (.some, nil):
      throw ValidationError(
        "--tls-cert needs --tls-key, the file with the certificate's private key")
    case (nil, .some):
      throw ValidationError("--tls-key needs --tls-cert, the file with the certificate chain")
    default: break
    }
    if let token, let problem = Self.problem(withToken: token) {
      throw ValidationError("--token \(problem)")
    }
    if let url, Self.publicURL(url) == nil {
      throw ValidationError("--url must be an http:// or https:// address of a host, with no path")
    }
    for proxy in trustedProxies where !NetworkAddress.isIPAddress(proxy) {
      throw ValidationError(
        "--trust-proxy must be an IP address, such as 127.0.0.1 or ::1 (not \"\(proxy)\")")
    }
    guard grace.isFinite, (0...3_600).contains(grace) else {
      throw ValidationError("--grace must be a number of seconds from 0 to 3600")
    }
  }

  /// What is wrong with a token, if anything: it must travel in an address, a header and a
  /// cookie as it is, and be long enough not to be guessed.
  static func problem(withToken token: String) -> String? {
    guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ";" })
    else { return "must be printable ASCII without spaces" }
    guard token.count >= minimumTokenLength else {
      return "must be at least \(minimumTokenLength) characters"
    }
    return nil
  }

  /// `url` without a trailing `/`, if it is an `http://` or `https://` address of a host with
  /// no path, query or user.
  static func publicURL(_ url: String) -> String? {
    guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty,
      parts.user == nil, parts.password == nil, parts.query == nil, parts.fragment == nil,
      parts.path.isEmpty || parts.path == "/"
    else { return nil }
    return url.hasSuffix("/") ? String(url.dropLast()) : url
  }

  func run(in context: CommandContext) async throws {
    let fromEnvironment = context.environment.nonEmpty("SHOPLIST_TOKEN")
    if token == nil, let fromEnvironment, let problem = Self.problem(withToken: fromEnvironment) {
      throw CommandError.usage("$SHOPLIST_TOKEN \(problem)")
    }
    let shownURL = try url.flatMap(Self.publicURL) ?? Self.publicURLFromEnvironment(context)
    let token = token ?? fromEnvironment ?? Self.randomToken()
    // Read before the database is opened: a pair that cannot be served changes nothing.
    let certificate = try serverCertificate()
    let service = try context.openService()
    // A damaged database is refused before anyone is served from it.
    let problems = try service.integrityProblems()
    guard problems.isEmpty else {
      throw DatabaseError(
        reason: .corrupt, path: service.storage.location,
        message: "the integrity check found "
          + Describe.count(problems.count, "problem")
          + " (shoplist db check lists them); not serving it")
    }
    let server = ShoplistServer(
      service: service,
      configuration: .init(
        host: host, port: port, token: token, certificate: certificate, publicURL: shownURL,
        gracePeriod: .milliseconds(Int64((grace * 1_000).rounded())),
        trustedProxies: trustedProxies,
        inviteQRCode: { link in try? QRCode(bytes: Array(link.utf8)).svg() }))
    let host = self.host
    let io = context.io
    let listening = Mutex(false)
    do {
      try await server.run { port in
        listening.withLock { $0 = true }
        let scheme = certificate == nil ? "http" : "https"
        let opened = Self.address(toOpen: host)
        let base = shownURL ?? "\(scheme)://\(opened):\(port)"
        // Invite links made later start with this address, unless no phone can open it.
        let announced = shownURL ?? (NetworkAddress.isLoopback(opened) ? nil : base)
        // Kept before the line that says the server is up.
        do {
          try await service.recordServedAddress(announced)
        } catch {
          io.standardError("shoplist: the address served was not kept for invites: \(error)\n")
        }
        try? io.standardOutput("serving \(base)/?token=\(token)\n")
      } onWarning: { warning in
        io.standardError("shoplist: \(warning)\n")
      }
    } catch  where !listening.withLock({ $0 }) {
      // Only listening can fail before the server runs: a port in use, an unknown address.
      throw CommandError.unavailable(
        "cannot listen on \(host) port \(port): \(Self.reason(error))")
    }
  }

  /// The certificate and key of `--tls-cert` and `--tls-key`, checked; `nil` without them.
  private func serverCertificate() throws -> ServerCertificate? {
    guard let tlsCertificate, let tlsKey else { return nil }
    do {
      return try ServerCertificate(chain: tlsCertificate, key: tlsKey)
    } catch {
      throw CommandError.noInput(error.description)
    }
  }

  /// `$SHOPLIST_URL`, checked as `--url` is.
  static func publicURLFromEnvironment(_ context: CommandContext) throws -> String? {
    guard let fromEnvironment = context.environment.nonEmpty("SHOPLIST_URL") else { return nil }
    guard let checked = publicURL(fromEnvironment) else {
      throw CommandError.usage(
        "$SHOPLIST_URL must be an http:// or https:// address of a host, with no path")
    }
    return checked
  }

  /// Why listening failed, in the system's words without the socket call's details: by the
  /// error's type (``ListeningFailure``), else the error as it describes itself.
  private static func reason(_ error: any Error) -> String {
    ListeningFailure(error)?.description ?? String(describing: error)
  }

  /// 256 random bits, as 64 hexadecimal digits.
  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = generator.next()
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// The host to put in the address printed: the one listened on, or, for every address
  /// (`0.0.0.0`), this machine's own address on its network, which a phone can open.
  static func address(toOpen host: String) -> String {
    guard NetworkAddress.isWildcard(host) else { return host.contains(":") ? "[\(host)]" : host }
    return NetworkAddress.firstNonLoopbackIPv4() ?? host
  }
}
