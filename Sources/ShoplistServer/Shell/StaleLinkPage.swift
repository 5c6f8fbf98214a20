import HTTPTypes
import Hummingbird

/// What a browser is shown, instead of the API's `{"error": …}`, when the link it opened is
/// refused: a ``LinkPage`` saying in words that the link no longer works and how to get a new
/// one. The advice is word for word what the list page says when it finds itself signed out,
/// so people learn one sentence.
struct StaleLinkPage: Sendable {
  let page: LinkPage

  init(page: LinkPage = LinkPage()) {
    self.page = page
  }

  static let heldOff = """
    <p data-testid="held-off">Too many wrong links were opened from this network in the last \
    minute. A fresh link works at once.</p>
    """

  /// The page for `error` (401, or 429 with its `Retry-After`), with the error's status and
  /// headers.
  func response(for error: APIError) -> Response {
    var paragraphs = [
      """
      <p>It may be an old link — the shopping list gets a new one each time its server starts \
      again — or part of it was lost when it was copied.</p>
      """
    ]
    if error.status == .tooManyRequests { paragraphs.append(Self.heldOff) }
    paragraphs += [
      """
      <p class="link-page-advice" data-testid="sign-in-advice">Ask whoever runs the shopping \
      list for a fresh link or an invite, and open it on this phone.</p>
      """,
      "<p>If this phone opened a newer link already, the list is still here:</p>",
    ]
    return page.response(
      status: error.status, kind: "stale-link", title: "This link no longer works",
      paragraphs: paragraphs, headers: error.headers)
  }
}
