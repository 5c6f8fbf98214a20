import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A file compiled into the binary, served as it is, with the page's security headers.
///
/// `Cache-Control: no-cache`: a browser may keep a copy but asks before each use whether it is
/// still current, so a new build is seen at once; the `ETag` (a digest of the bytes) lets it
/// ask cheaply, answered 304 with no body while its copy is current.
struct EmbeddedFile: ResponseGenerator, Sendable {
  let type: String
  let bytes: ByteBuffer
  let etag: String

  init(_ bytes: [UInt8], type: String) {
    self.type = type
    self.bytes = ByteBuffer(bytes: bytes)
    self.etag = "\"\(ContentDigest.of(bytes))\""
  }

  func response(from request: Request, context: some RequestContext) -> Response {
    var headers = Self.headers(type: type)
    headers[.eTag] = etag
    if let given = request.headers[.ifNoneMatch], Self.matches(given, etag) {
      return Response(status: .notModified, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
  }

  /// The headers of every page file: revalidated before each use, never sniffed as another
  /// type, loading nothing from other sites, framed by no one, and sending no referrer.
  static func headers(type: String, cacheControl: String = "no-cache") -> HTTPFields {
    [
      .contentType: type, .cacheControl: cacheControl, .xContentTypeOptions: "nosniff",
      .contentSecurityPolicy:
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; frame-ancestors 'none'",
      HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]
  }

  /// Whether an `If-None-Match` list names `etag` (or is `*`); weak tags compare by value.
  static func matches(_ list: String, _ etag: String) -> Bool {
    list.split(separator: ",").contains { entry in
      let tag = entry.trimmingCharacters(in: .whitespaces)
      return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == etag
    }
  }
}
