import Foundation
import NIOSSL
import PostgresNIO
import ShoppingCore

/// A PostgreSQL database named by URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-full]`
/// (`postgresql://` too). The password may instead come from `$PGPASSWORD`; `sslmode`
/// defaults to `prefer`, as libpq's does.
///
/// Its ``description`` never shows the password: `postgres://ana:***@db.home:5432/shoplist`.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
  /// The role to connect as.
  public var user: String
  /// The role's password, from the URL or `$PGPASSWORD`.
  public var password: String?
  /// The server's host name or address.
  public var host: String
  /// The server's port: 5432 unless the URL says.
  public var port: Int
  /// The database holding the household's lists.
  public var database: String
  /// Whether and how the connection uses TLS.
  public var sslMode: SSLMode

  /// How the connection uses TLS.
  public enum SSLMode: String, Sendable, CaseIterable {
    /// Never.
    case disable
    /// When the server offers it.
    case prefer
    /// Always, without checking the server's certificate.
    case require
    /// Always, checking the certificate and the host name.
    case verifyFull = "verify-full"
  }

  /// Whether `text` is meant as a PostgreSQL URL rather than a file's path.
  public static func isURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
  }

  /// Reads `text`.
  ///
  /// - Parameters:
  ///   - text: A `postgres://` or `postgresql://` URL.
  ///   - environment: Where `PGPASSWORD` is looked up when the URL has no password.
  /// - Throws: ``PostgresURLError`` naming what is wrong (without the password).
  public init(
    _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(PostgresURLError) {
    guard Self.isURL(text), let components = URLComponents(string: text) else {
      throw PostgresURLError(
        url: Self.redact(text), problem: "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
    }
    let shown = Self.redact(text)
    guard let user = components.user, !user.isEmpty else {
      throw PostgresURLError(url: shown, problem: "the URL names no user")
    }
    guard let host = components.host, !host.isEmpty else {
      throw PostgresURLError(url: shown, problem: "the URL names no host")
    }
    let database = String(components.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw PostgresURLError(url: shown, problem: "the URL names no database")
    }
    var mode = SSLMode.prefer
    for item in components.queryItems ?? [] {
      guard item.name == "sslmode" else {
        throw PostgresURLError(url: shown, problem: "unknown parameter \"\(item.name)\"")
      }
      guard let value = item.value, let chosen = SSLMode(rawValue: value) else {
        throw PostgresURLError(
          url: shown,
          problem: "sslmode must be one of "
            + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
      }
      mode = chosen
    }
    self.user = components.user?.removingPercentEncoding ?? user
    self.password =
      components.password.map { $0.removingPercentEncoding ?? $0 } ?? environment["PGPASSWORD"]
    self.host = host
    self.port = components.port ?? 5432
    self.database = database.removingPercentEncoding ?? database
    self.sslMode = mode
  }

  /// The URL with `***` for any password: what messages show.
  public var redacted: String {
    let secret = password == nil ? "" : ":***"
    return "postgres://\(user)\(secret)@\(host):\(port)/\(database)"
  }

  public var description: String { redacted }

  /// `text` with anything between `://USER:` and `@` replaced by `***`.
  static func redact(_ text: String) -> String {
    guard let scheme = text.range(of: "://") else { return text }
    let rest = text[scheme.upperBound...]
    guard let at = rest.lastIndex(of: "@") else { return text }
    let userInfo = rest[..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return text }
    return String(text[..<colon]) + ":***" + String(rest[at...])
  }

  /// The connection's configuration.
  func configuration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
    let tls: PostgresConnection.Configuration.TLS
    switch sslMode {
    case .disable:
      tls = .disable
    case .prefer, .require:
      var settings = TLSConfiguration.makeClientConfiguration()
      settings.certificateVerification = .none
      let context = try NIOSSLContext(configuration: settings)
      tls = sslMode == .prefer ? .prefer(context) : .require(context)
    case .verifyFull:
      let context = try NIOSSLContext(configuration: .makeClientConfiguration())
      tls = .require(context)
    }
    var configuration = PostgresConnection.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: tls)
    configuration.options.connectTimeout = .nanoseconds(
      connectTimeout.components.seconds * 1_000_000_000
        + connectTimeout.components.attoseconds / 1_000_000_000)
    configuration.options.requireBackendKeyData = false
    return configuration
  }
}

/// A `--db` value that starts like a PostgreSQL URL but is not a usable one.
public struct PostgresURLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL as given, its password hidden.
  public var url: String
  /// What is wrong.
  public var problem: String

  public var description: String { "invalid database URL \"\(url)\": \(problem)" }
}

extension PostgresURLError: ShoplistError {
  /// 64: the URL is how the user called shoplist (`--db`, `$SHOPLIST_DB`, `db copy TARGET`),
  /// not a database that failed, and it is refused before anything is connected to.
  public var exitStatus: Int32 { 64 }

  /// Never a request's doing: a server names its database when it starts.
  public var httpStatus: Int { 500 }
}
