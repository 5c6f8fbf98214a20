import Foundation
import HTTPTypes
import Hummingbird

/// Answers a browser that opened a link with a wrong or stale credential (`/?token=WRONG`, or
/// a token from before a restart) with ``StaleLinkPage`` rather than JSON: a refused
/// credential (401, or 429 while the address is held off) on a path outside `/api`, for a
/// request that asks for HTML. Every other client, and every `/api` path, gets the JSON error
/// as before.
struct StaleLinkPageMiddleware<Context: RequestContext>: RouterMiddleware {
  let page: StaleLinkPage

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError
      where error.status == .unauthorized || error.status == .tooManyRequests
    {
      let path = request.uri.path
      guard path != "/api", !path.hasPrefix("/api/"), Self.acceptsHTML(request.headers[.accept])
      else { throw error }
      return page.response(for: error)
    }
  }

  /// Whether an `Accept` header names `text/html` (not with `q=0`): what browsers send when
  /// they open a page, and what programs fetching JSON do not.
  static func acceptsHTML(_ accept: String?) -> Bool {
    guard let accept else { return false }
    return accept.split(separator: ",").contains { range in
      let parts = range.split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      guard parts.first == "text/html" else { return false }
      let weights = parts.dropFirst().filter { $0.hasPrefix("q=") }.map { Double($0.dropFirst(2)) }
      return !weights.contains(0)
    }
  }
}
