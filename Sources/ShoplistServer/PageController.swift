import HTTPTypes
import Hummingbird
import NIOCore

/// The page at `/` and its two files, compiled into the binary from `Page/` (see
/// Package.swift), and the OpenAPI description of the API. No data: served without a token.
///
/// Opening the address `serve` printed (`/?token=TOKEN`) keeps the token in the session cookie
/// and takes it out of the address bar (and of the history and bookmarks); a wrong token there
/// counts as a failed authentication like one sent to the API.
struct PageController: Sendable {
  typealias Context = ServerRequestContext
  let token: String
  let failures: FailedAuthentications
  /// Where the session cookie is `Secure`: pages opened over HTTPS.
  let secureHosts: SecureHosts

  /// The hosts whose pages are opened over HTTPS.
  enum SecureHosts: Sendable {
    case all
    case none
    /// The host of the public address behind a proxy that speaks HTTPS.
    case only(String)

    /// Whether a request naming `authority` in its `Host` came from a page opened over HTTPS.
    func contains(_ authority: String?) -> Bool {
      switch self {
      case .all: return true
      case .none: return false
      case .only(let host): return authority.flatMap { Authority(parsing: $0) }?.host == host
      }
    }
  }

  func addRoutes(to router: Router<Context>) {
    let index = EmbeddedFile(PackageResources.index_html, type: "text/html; charset=utf-8")
    let style = EmbeddedFile(PackageResources.app_css, type: "text/css; charset=utf-8")
    let script = EmbeddedFile(PackageResources.app_js, type: "text/javascript; charset=utf-8")
    let openAPI = EmbeddedFile(PackageResources.openapi_json, type: "application/json")
    router.get("/") { request, context in
      guard let given = request.uri.queryParameters["token"] else {
        return index.response(from: request, context: context)
      }
      return try signIn(
        String(given), secure: secureHosts.contains(request.head.authority), context: context)
    }
    router.get("/app.css") { _, _ in style }
    router.get("/app.js") { _, _ in script }
    router.get("/openapi.json") { _, _ in openAPI }
  }

  /// Sets the session cookie for the right token and sends the browser to the page.
  private func signIn(_ given: String, secure: Bool, context: Context) throws -> Response {
    guard TokenAuthMiddleware.constantTimeEquals(given, token) else {
      let blocked = failures.isBlocked(context.remoteAddressText)
      failures.recordFailure(from: context.remoteAddressText)
      throw blocked ? APIError.tooManyFailures : APIError.unauthorized
    }
    var response = Response.redirect(to: "/", type: .normal)
    response.setCookie(TokenAuthMiddleware.sessionCookie(token, secure: secure))
    response.headers[.cacheControl] = "no-store"
    return response
  }
}

/// A file compiled into the binary, served as it is.
struct EmbeddedFile: ResponseGenerator, Sendable {
  let type: String
  let bytes: ByteBuffer

  init(_ bytes: [UInt8], type: String) {
    self.type = type
    self.bytes = ByteBuffer(bytes: bytes)
  }

  func response(from request: Request, context: some RequestContext) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: type, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
        .contentSecurityPolicy:
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
          + "connect-src 'self'; frame-ancestors 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
      ],
      body: ResponseBody(byteBuffer: bytes))
  }
}
