import Foundation
import HTTPTypes
import Hummingbird
import ShoppingService
import ShoppingStorage

/// Lets a request through to the API only with the server's token — as `Authorization: Bearer
/// TOKEN`, or as the session cookie that opening `/?token=TOKEN` sets (HttpOnly,
/// SameSite=Strict) — or with a member's secret in that cookie, which opening their invite
/// link set. Tokens are compared in constant time; a secret is looked up by its hash in the
/// database, so it outlives restarts and new tokens, and a removed member's next request is
/// refused. The request's context then says who it comes from (``Requester``). It guards
/// every path under `/api`, routes and unknown paths alike; it runs after
/// ``RequestGuardMiddleware``, which lets through only paths as written, so no other spelling
/// of an `/api` path gets past it.
///
/// - A request with no credential is 401; one with a wrong credential is 401 too, and counts
///   against its client (``FailedAuthentications``): a client that keeps guessing gets 429
///   at once, its tokens not even compared, while what a signed-in device keeps in its cookie
///   (the household's session, a member's secret) still lets that device in.
/// - A cookie is sent by the browser on its own, also with requests another site makes it send
///   (a form posted from a page on another port is the same site). So a change authenticated by
///   the cookie must come from the page itself — an `Origin` naming this server, or
///   `Sec-Fetch-Site: same-origin` — and carry JSON if it carries a body: 403 otherwise.
///   Requests with the bearer token are not sent by browsers on their own and need neither.
struct TokenAuthMiddleware: RouterMiddleware {
  typealias Context = ServerRequestContext
  static var cookieName: String { "shoplist_session" }

  /// How long a browser keeps the session cookie: 400 days, the longest browsers allow. A
  /// cookie without one would die with the browser, and a phone that restarted in the shop
  /// could not send the changes it queued offline once it is back online.
  static let cookieLifetime = 400 * 24 * 60 * 60

  /// The session cookie holding `value` (the token, or a member's secret), as every sign-in
  /// sets it: for the whole site, for ``cookieLifetime``, out of scripts' reach, never sent
  /// with another site's requests, and `Secure` when the page was opened over HTTPS.
  static func sessionCookie(_ value: String, secure: Bool) -> Cookie {
    Cookie(
      name: cookieName, value: value, maxAge: cookieLifetime, path: "/", secure: secure,
      httpOnly: true, sameSite: .strict)
  }
  static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
  static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
  let token: String
  /// What a device signed in with the token keeps in its cookie
  /// (``ShoppingService/householdSession(forToken:)``).
  let householdSession: String
  /// Where the members of the household are.
  let service: ShoppingService
  let failures: FailedAuthentications
  /// Where the page is served from: what a change sent with the cookie must come from.
  let origin: PageOrigin

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard path == "/api" || path.hasPrefix("/api/") else {
      return try await next(request, context)
    }
    var context = context
    switch credential(of: request) {
    case .cookie(let given) where Self.constantTimeEquals(given, householdSession):
      try checkFromThePage(request)
      context.requester = .household
      return try await next(request, context)
    case .cookie(let given) where ShoppingService.mayBeMemberSecret(given):
      if let member = try await member(presenting: given) {
        try checkFromThePage(request)
        context.requester = .member(id: member.id, name: member.name)
        return try await next(request, context)
      }
      throw failures.refusal(countingFailureFrom: failures.client(of: request, context: context))
    case _ where failures.isHoldingOff(request, context: context):
      // Held off: the token it sends is not compared at all, right or wrong.
      throw APIError.tooManyFailures
    case .bearer(let given) where Self.constantTimeEquals(given, token):
      context.requester = .household
      return try await next(request, context)
    case .cookie(let given) where Self.constantTimeEquals(given, token):
      // The token itself, as the cookie held it before the household's session did.
      try checkFromThePage(request)
      context.requester = .household
      return try await next(request, context)
    case .bearer, .cookie:
      throw failures.refusal(countingFailureFrom: failures.client(of: request, context: context))
    case .none:
      throw APIError.unauthorized
    }
  }

  /// The member whose secret `given` is, if any: looked up off the event loops.
  private func member(presenting given: String) async throws -> Member? {
    let service = self.service
    return try await StorageThreads.run { try service.member(presenting: given) }
  }

  private enum Credential {
    case bearer(String)
    case cookie(String)
    case none
  }

  private func credential(of request: Request) -> Credential {
    if let authorization = request.headers[.authorization] {
      let scheme = "bearer "
      guard authorization.count > scheme.count,
        authorization.prefix(scheme.count).lowercased() == scheme
      else { return .bearer("") }
      return .bearer(String(authorization.dropFirst(scheme.count)))
    }
    if let cookie = request.cookies[Self.cookieName] { return .cookie(cookie.value) }
    return .none
  }

  /// Refuses (403) a change sent with the cookie that does not come from the page: its
  /// `Origin` must be this server as the request names it (its `Host`) or the public address,
  /// else `Sec-Fetch-Site` must say `same-origin`; and a body must be JSON.
  private func checkFromThePage(_ request: Request) throws {
    switch request.method {
    case .get, .head, .options: return
    default: break
    }
    guard origin.admits(request) else { throw APIError.notFromThePage }
    if let type = request.headers[.contentType] {
      let mediaType = type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
      guard mediaType?.lowercased() == "application/json" else { throw APIError.notFromThePage }
    } else if Self.hasBody(request) {
      throw APIError.notFromThePage
    }
  }

  private static func hasBody(_ request: Request) -> Bool {
    if let length = request.headers[.contentLength] { return length != "0" }
    return request.headers[.transferEncoding] != nil
  }

  /// Whether `given` is `expected`, in a time that depends on their lengths only, never on
  /// where they first differ.
  static func constantTimeEquals(_ given: String, _ expected: String) -> Bool {
    let given = Array(given.utf8)
    let expected = Array(expected.utf8)
    var difference = given.count == expected.count ? 0 : 1
    for index in expected.indices {
      let byte = given.isEmpty ? 0 : given[index % given.count]
      difference |= Int(byte ^ expected[index])
    }
    return difference == 0
  }
}
