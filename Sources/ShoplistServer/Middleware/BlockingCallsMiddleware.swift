import Hummingbird
import ShoppingStorage

/// Refuses blocking storage calls in everything a request runs (see
/// `ShoppingStorage/BlockingCalls`): a route reaches storage through its async calls, or
/// through the threads kept for blocking work, never on one of Swift's few shared threads.
///
/// The outermost middleware, so that every other middleware runs under it too.
struct BlockingCallsMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    try await BlockingCalls.refusing { try await next(request, context) }
  }
}
