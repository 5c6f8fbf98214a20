import HTTPTypes
import Hummingbird

/// Leaves the body out of every answer to a `HEAD`, whoever made it: the router's own `HEAD`
/// of a `GET` route does, but a refusal made before any route (a 404, a 405, a 421) is a JSON
/// document, and body bytes after the head of a `HEAD` answer would be read by the client as
/// the start of its next answer. The status and headers, `Content-Length` included, stay.
///
/// Outside every other middleware but the one refusing blocking calls, so that it sees every
/// other's answer.
struct HeadWithoutBodyMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let response = try await next(request, context)
    return request.method == .head ? response.createHeadResponse() : response
  }
}
