import HTTPTypes
import Hummingbird
import NIOCore
import ShoppingService

/// The page at `/` (its other files are ``ShellController``'s), and the OpenAPI description
/// of the API. No data: served without a token.
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
  /// The page, as this build of it has it.
  let page: AppShell.File

  func addRoutes(to router: Router<Context>) {
    let index = EmbeddedFile(page.bytes, type: page.type)
    let openAPI = EmbeddedFile(PackageResources.openapi_json, type: "application/json")
    router.get("/") { request, context in
      guard let given = request.uri.queryParameters["token"] else {
        return index.response(from: request, context: context)
      }
      return try signIn(
        String(given), secure: secureHosts.contains(request.head.authority), request: request,
        context: context)
    }
    router.get("/openapi.json") { _, _ in openAPI }
  }

  /// Sets the session cookie for the right token and sends the browser to the page.
  private func signIn(
    _ given: String, secure: Bool, request: Request, context: Context
  ) throws -> Response {
    let client = failures.client(of: request, context: context)
    // A held-off client's link is not compared at all.
    guard !failures.isBlocked(client) else { throw APIError.tooManyFailures }
    guard TokenAuthMiddleware.constantTimeEquals(given, token) else {
      throw failures.refusal(countingFailureFrom: client)
    }
    var response = Response.redirect(to: "/", type: .normal)
    response.setCookie(
      TokenAuthMiddleware.sessionCookie(
        ShoppingService.householdSession(forToken: token), secure: secure))
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
