import Foundation
import HTTPTypes
import Hummingbird

/// A `Host` line among the other fields: the HTTP/1 codec takes the first as the request's
/// authority and leaves any other there.
private let secondHost = HTTPField.Name("Host")!

/// Refuses, before any route or credential check, the requests that are not for this server or
/// that name a path in any form but the one it is served under:
/// - no `Host`, an empty or malformed one, or two `Host` lines: 400, as RFC 9112 §3.2 requires
///   (two could be read differently by a proxy in front and by this server);
/// - a `Host` other than the ones served (``ServedHosts``): 421, so a page whose own name was
///   made to resolve to this machine (DNS rebinding) reads and writes nothing. A target in
///   absolute form (`GET http://host/…`) names the host instead (``AbsoluteFormTarget``);
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
    guard let host = request.head.authority.flatMap({ Authority(parsing: $0) }),
      !request.headers.contains(secondHost)
    else {
      throw APIError.badRequest("a request must name one host in one Host header")
    }
    guard hosts.accepts(host) else {
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
      // HEAD is answered wherever GET is (the router's own HEAD of each GET route).
      let allowed = (methods.contains(.get) ? methods + [.head] : methods)
        .map(\.rawValue).sorted()
      throw APIError(
        .methodNotAllowed, "\(request.method) is not served here",
        headers: [.allow: allowed.joined(separator: ", ")])
    }
  }

  /// Whether `path` has only non-empty segments, none of them `.` or `..` nor holding an
  /// encoded slash or backslash (`/` alone is the page). Read byte by byte: every request
  /// passes here, and the characters it looks for are all ASCII.
  static func isServedAsWritten(_ path: String) -> Bool {
    let bytes = path.utf8
    guard bytes.first == UInt8(ascii: "/") else { return false }
    var start = bytes.index(after: bytes.startIndex)
    if start == bytes.endIndex { return true }
    while true {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
      guard isServedSegment(bytes[start..<end]) else { return false }
      if end == bytes.endIndex { return true }
      start = bytes.index(after: end)
    }
  }

  /// Whether a segment of a path is not empty, holds no backslash, encoded or not, nor an
  /// encoded slash, and is not `.` or `..` once `%2e` is read as a dot.
  private static func isServedSegment(_ segment: Substring.UTF8View) -> Bool {
    guard !segment.isEmpty else { return false }
    var dots = 0
    var onlyDots = true
    var index = segment.startIndex
    while index != segment.endIndex {
      let byte = segment[index]
      index = segment.index(after: index)
      switch byte {
      case UInt8(ascii: "\\"):
        return false
      case UInt8(ascii: "."):
        dots += 1
      case UInt8(ascii: "%"):
        guard index != segment.endIndex, segment.index(after: index) != segment.endIndex else {
          onlyDots = false
          continue
        }
        let first = segment[index]
        let second = segment[segment.index(after: index)] | 0x20  // ASCII lower case
        switch (first, second) {
        case (UInt8(ascii: "2"), UInt8(ascii: "f")), (UInt8(ascii: "5"), UInt8(ascii: "c")):
          return false
        case (UInt8(ascii: "2"), UInt8(ascii: "e")):
          dots += 1
          index = segment.index(index, offsetBy: 2)
        default:
          onlyDots = false
        }
      default:
        onlyDots = false
      }
    }
    return !(onlyDots && dots <= 2)
  }

}
