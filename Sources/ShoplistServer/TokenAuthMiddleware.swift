import Hummingbird

/// Lets a request through to `/api` only with the server's token: as `Authorization: Bearer
/// TOKEN`, or as the session cookie that opening `/?token=TOKEN` sets (HttpOnly,
/// SameSite=Strict). Tokens are compared in constant time. The page and its files are served
/// to anyone: they hold no data.
struct TokenAuthMiddleware<Context: RequestContext>: RouterMiddleware {
  static var cookieName: String { "shoplist_session" }
  let token: String

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    if request.method == .get || request.method == .head,
      let given = request.uri.queryParameters["token"], !path.hasPrefix("/api")
    {
      // The address `serve` printed: keep the token in a cookie, and take it out of the
      // address bar (and of the history and bookmarks).
      guard Self.constantTimeEquals(String(given), token) else { throw APIError.unauthorized }
      var response = Response.redirect(to: path, type: .normal)
      response.setCookie(
        Cookie(
          name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
      response.headers[.cacheControl] = "no-store"
      return response
    }
    guard path == "/api" || path.hasPrefix("/api/") else {
      return try await next(request, context)
    }
    if let authorization = request.headers[.authorization] {
      let scheme = "bearer "
      guard authorization.count > scheme.count,
        authorization.prefix(scheme.count).lowercased() == scheme,
        Self.constantTimeEquals(String(authorization.dropFirst(scheme.count)), token)
      else { throw APIError.unauthorized }
      return try await next(request, context)
    }
    if let cookie = request.cookies[Self.cookieName],
      Self.constantTimeEquals(cookie.value, token)
    {
      return try await next(request, context)
    }
    throw APIError.unauthorized
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
