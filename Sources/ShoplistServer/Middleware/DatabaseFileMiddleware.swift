import Hummingbird

/// Answers 503 in words (``APIError/databaseReplaced``) to every request that needs the
/// database once its file was replaced or deleted under the server (``DatabaseFile``): the API
/// and the invite links. The page and its files are still served, so that a phone can say what
/// happened rather than fail to load.
struct DatabaseFileMiddleware<Context: RequestContext>: RouterMiddleware {
  let file: DatabaseFile

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if file.isGone {
      let path = request.uri.path
      if path == "/api" || path.hasPrefix("/api/") || path.hasPrefix("/join/") {
        throw APIError.databaseReplaced
      }
    }
    return try await next(request, context)
  }
}
