import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What a browser is shown, instead of the API's `{"error": …}`, when the link it opened is
/// refused: a page saying in words that the link no longer works and how to get a new one
/// (`Page/stale-link.html`). The advice is word for word what the list page says when it
/// finds itself signed out, so people learn one sentence.
struct StaleLinkPage: Sendable {
  let template: [UInt8]

  init(template: [UInt8] = PackageResources.stale_link_html) {
    self.template = template
  }

  /// Where the page says why this address is held off, when it is.
  static let heldOffMark = "<!-- held off -->"
  static let heldOff = """
    <p data-testid="held-off">Too many wrong links were opened from this network in the last \
    minute. A fresh link works at once.</p>
    """

  /// The page for `error` (401, or 429 with its `Retry-After`), with the error's status and
  /// headers; never stored, since the same address may work once the link is fresh.
  func response(for error: APIError) -> Response {
    var text = String(decoding: template, as: UTF8.self)
    let reason = error.status == .tooManyRequests ? Self.heldOff : ""
    text = text.replacingOccurrences(of: Self.heldOffMark, with: reason)
    var headers = EmbeddedFile.headers(type: "text/html; charset=utf-8", cacheControl: "no-store")
    for field in error.headers { headers.append(field) }
    return Response(
      status: error.status, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
