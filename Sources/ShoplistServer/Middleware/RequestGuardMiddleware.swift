import Foundation
import HTTPTypes
import Hummingbird

/// Refuses, before any route or credential check, the requests that are not for this server or
/// that name a path in any form but the one it is served under:
/// - a `Host` other than the ones served (``ServedHosts``): 421, so a page whose own name was
///   made to resolve to this machine (DNS rebinding) reads and writes nothing;
/// - a path with empty segments (`//api/…`, a trailing `/`), `.` or `..` segments, or an encoded
///   `/` or `\`, however written: 404. The router would treat `//api/lists` as `/api/lists`;
///   refusing every other spelling keeps each resource at one address, behind one check.
///
/// And a served path asked for with a method it does not take (`TRACE /api/lists`) is 405 with
/// `Allow`, not 404.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let hosts: ServedHosts
  let routes: DocumentedRoutes

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let host = request.head.authority.flatMap({ Authority(parsing: $0) }), hosts.accepts(host)
    else {
      throw APIError(.misdirectedRequest, "this server does not serve that host name")
    }
    guard Self.isServedAsWritten(request.uri.path) else { throw APIError.notFound }
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      // The router's own "not found": no route for this path and method.
      guard let methods = routes.methods(for: request.uri.path), !methods.isEmpty,
        !methods.contains(request.method)
      else { throw error }
      throw APIError(
        .methodNotAllowed, "\(request.method) is not served here",
        headers: [.allow: methods.map(\.rawValue).joined(separator: ", ")])
    }
  }

  /// Whether `path` has only non-empty segments, none of them `.` or `..` nor holding an
  /// encoded slash or backslash (`/` alone is the page).
  static func isServedAsWritten(_ path: String) -> Bool {
    guard path.hasPrefix("/") else { return false }
    if path == "/" { return true }
    for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty else { return false }
      let lowered = segment.lowercased()
      if lowered.contains("%2f") || lowered.contains("%5c") || lowered.contains("\\") {
        return false
      }
      let decoded = lowered.replacingOccurrences(of: "%2e", with: ".")
      if decoded == "." || decoded == ".." { return false }
    }
    return true
  }
}
