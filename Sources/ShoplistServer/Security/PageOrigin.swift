import HTTPTypes
import Hummingbird

/// Where the page is served from, as a browser names it: what tells a request the page made
/// from one another site made a browser send (with its cookie, or a form's POST).
struct PageOrigin: Sendable {
  /// The public address's authority (`--url`), an origin the page may also be opened under.
  let publicOrigin: Authority?
  /// The public address's scheme (`http` or `https`).
  let publicScheme: String
  /// Whether the server is reached over TLS: the default port of a `Host` without one.
  let isSecure: Bool

  /// Whether `request` comes from a page of this server: its `Origin` names this server (as
  /// the request's `Host` does, or the public address), else — a browser that sends no
  /// `Origin` — `Sec-Fetch-Site` says `same-origin`.
  func admits(_ request: Request) -> Bool {
    if let origin = request.headers[.origin] { return isServed(origin: origin, for: request) }
    return request.headers[TokenAuthMiddleware.secFetchSite]?.lowercased() == "same-origin"
  }

  /// Whether `origin` is this server: the public address, or the scheme it is served under
  /// with the host and port the request names.
  private func isServed(origin text: String, for request: Request) -> Bool {
    guard let origin = Authority(origin: text) else { return false }
    if let publicOrigin, origin == publicOrigin,
      text.lowercased().hasPrefix(publicScheme + "://")
    {
      return true
    }
    let scheme = isSecure ? "https" : "http"
    guard text.lowercased().hasPrefix(scheme + "://"),
      var host = request.head.authority.flatMap({ Authority(parsing: $0) })
    else { return false }
    host.port = host.port ?? Authority.defaultPort(scheme)
    return origin == host
  }
}
