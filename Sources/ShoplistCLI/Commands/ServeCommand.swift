import ArgumentParser
import Dispatch
import Foundation
import ShoplistServer
import ShoppingService
import Synchronization

struct ServeCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the lists to the phones of your household: a page and a JSON API.",
    discussion: """
      The first line printed is the address to open, with the access token; anyone with it \\
      can change your lists. The default address is this machine only (127.0.0.1); to reach \\
      it from phones on your network, give --host 0.0.0.0. Stops on Ctrl-C or SIGTERM, after \\
      the requests in flight.

      Examples:
        shoplist serve
        shoplist serve --host 0.0.0.0 --port 8080
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The address to listen on.", valueName: "addr"))
  var host = "127.0.0.1"
  @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "n"))
  var port = 8080
  @Option(
    help: ArgumentHelp(
      "The access token (else $SHOPLIST_TOKEN, else a new random one).", valueName: "token"))
  var token: String?

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535")
    }
    if let token, !Self.isUsable(token) {
      throw ValidationError("--token must be printable ASCII without spaces")
    }
  }

  /// Whether a token can travel in an address, a header and a cookie as it is.
  static func isUsable(_ token: String) -> Bool {
    !token.isEmpty
      && token.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != ";" }
  }

  func run(in context: CommandContext) throws {
    let fromEnvironment = context.environment.nonEmpty("SHOPLIST_TOKEN")
    if let fromEnvironment, !Self.isUsable(fromEnvironment) {
      throw CommandError.usage("$SHOPLIST_TOKEN must be printable ASCII without spaces")
    }
    let token = token ?? fromEnvironment ?? Self.randomToken()
    let service = try context.openService()
    let server = ShoplistServer(
      service: service,
      configuration: .init(host: host, port: port, token: token))
    let shown = Self.address(toOpen: host)
    let io = context.io
    let listening = Mutex(false)
    do {
      try Self.runBlocking {
        try await server.run { port in
          listening.withLock { $0 = true }
          try? io.standardOutput("serving http://\(shown):\(port)/?token=\(token)\n")
        }
      }
    } catch  where !listening.withLock({ $0 }) {
      // Only listening can fail before the server runs: a port in use, an unknown address.
      throw CommandError.unavailable(
        "cannot listen on \(host) port \(port): \(Self.reason(error))")
    }
  }

  /// The system's words for why listening failed, without the socket call's details.
  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("Address already in use") { return "the address is already in use" }
    if text.contains("Name or service not known") { return "no such address" }
    if text.contains("Cannot assign requested address") { return "not an address of this machine" }
    if text.contains("Permission denied") { return "permission denied" }
    return text
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
    guard host == "0.0.0.0" || host == "::" else { return host.contains(":") ? "[\(host)]" : host }
    return NetworkAddress.firstNonLoopbackIPv4() ?? host
  }

  /// Runs async work to its end from this synchronous command, blocking the thread.
  private static func runBlocking(_ work: @escaping @Sendable () async throws -> Void) throws {
    let outcome = Mutex<(any Error)??>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      do {
        try await work()
        outcome.withLock { $0 = .some(nil) }
      } catch {
        outcome.withLock { $0 = .some(error) }
      }
      done.signal()
    }
    done.wait()
    if let error = outcome.withLock({ $0 ?? nil }) { throw error }
  }
}
