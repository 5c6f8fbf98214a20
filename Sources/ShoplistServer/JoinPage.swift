import HTTPTypes
import Hummingbird

/// The page a phone gets when its invite link does not sign it in: a ``LinkPage`` saying in
/// words what happened and what to do.
enum JoinPage {
  /// The link was opened once already: it signed in the phone that opened it then.
  static func used(by name: String, page: LinkPage = LinkPage()) -> Response {
    refusal(
      .gone, title: "This invite was already used",
      why: "The invite for <strong>\(LinkPage.escaped(name))</strong> has been opened already, "
        + "and it signed in the phone that opened it. An invite link works only once, so "
        + "that nobody else can use it.",
      on: page)
  }

  /// No invite has this code: never had, replaced by a newer invite, or its member removed.
  static func unknown(page: LinkPage = LinkPage()) -> Response {
    refusal(
      .notFound, title: "This invite link is not valid",
      why: "It may have been replaced by a newer invite, or the member it was for was removed. "
        + "Check that the whole link was copied.",
      on: page)
  }

  /// Too many wrong links from this address lately.
  static func heldOff(page: LinkPage = LinkPage()) -> Response {
    refusal(
      .tooManyRequests, title: "Too many wrong links",
      why: "This network address opened too many invite links that are not valid. "
        + "Try again in a minute.",
      on: page, headers: [.retryAfter: "60"])
  }

  /// A refusal saying `why` (HTML), then what every refusal says: how to get a new invite,
  /// and where the list is for a phone signed in already.
  private static func refusal(
    _ status: HTTPResponse.Status, title: String, why: String, on page: LinkPage,
    headers: HTTPFields = [:]
  ) -> Response {
    page.response(
      status: status, kind: "join-page", title: title,
      paragraphs: ["<p>\(why)</p>", askForANewOne, ifSignedIn], headers: headers)
  }

  private static let askForANewOne =
    #"<p class="link-page-advice">Ask whoever runs your shopping list for a new invite: "#
    + "they make one with <code>shoplist members add NAME</code>.</p>"

  private static let ifSignedIn = "<p>If this phone is signed in already, the list is here:</p>"
}
