import Foundation
import HTTPTypes
import Hummingbird

/// The pages an invite link opens: the page with the one button that signs this device in,
/// or, for a link that no longer can, a ``LinkPage`` saying in words what happened and what
/// to do.
enum JoinPage {
  /// The link still works: whose list it is, whom it signs in, and the button — a plain HTML
  /// form posted to the same address, working without script. Only pressing it uses the link
  /// up: opening the page (a chat app's preview, a mail scanner) does not.
  static func invitation(
    for name: String, code: String, expiresAt: Date, page: LinkPage = LinkPage()
  ) -> Response {
    let title = "Join the shopping list as \(name)"
    let name = LinkPage.escaped(name)
    return page.response(
      status: .ok, kind: "join-page", title: title,
      paragraphs: [
        "<p>This is an invite to the household’s shopping list, made for "
          + "<strong>\(name)</strong>. Joining signs this device in for good, as "
          + "\(name): the list, on this device, from now on.</p>",
        "<p>The link works once, until \(day(expiresAt)). If you are not \(name), do not "
          + "press the button.</p>",
      ],
      actions: #"<form class="link-page-join" method="post" action="/join/\#(code)">"#
        + #"<button class="btn btn-primary link-page-open" data-testid="join-button" "#
        + #"type="submit">Join the shopping list as \#(name)</button></form>"#,
      headers: quiet)
  }

  /// The link was used once already: it signed in the device that used it then.
  static func used(by name: String, page: LinkPage = LinkPage()) -> Response {
    refusal(
      .gone, title: "This invite was already used",
      why: "The invite for <strong>\(LinkPage.escaped(name))</strong> has been used already, "
        + "and it signed in the device that used it. An invite link works only once, so "
        + "that nobody else can use it.",
      on: page)
  }

  /// The link was not used within its 7 days.
  static func expired(for name: String, page: LinkPage = LinkPage()) -> Response {
    refusal(
      .gone, title: "This invite has expired",
      why: "The invite for <strong>\(LinkPage.escaped(name))</strong> was not used within "
        + "7 days, and an invite link works only that long, so that an old message cannot "
        + "let anyone in.",
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

  /// The button was pressed somewhere other than the invite's own page.
  static func notFromThePage(page: LinkPage = LinkPage()) -> Response {
    refusal(
      .forbidden, title: "Join from the invite’s own page",
      why: "This device was not signed in: the request did not come from the invite’s page. "
        + "Open the invite link itself and press its button.",
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
  /// and where the list is for a device signed in already.
  private static func refusal(
    _ status: HTTPResponse.Status, title: String, why: String, on page: LinkPage,
    headers: HTTPFields = [:]
  ) -> Response {
    var headers = headers
    headers.append(contentsOf: quiet)
    return page.response(
      status: status, kind: "join-page", title: title,
      paragraphs: ["<p>\(why)</p>", askForANewOne, ifSignedIn], headers: headers)
  }

  /// An invite's pages are nobody's to index, and their address (the code) goes to no other
  /// site; to its own site the button's POST names its origin (which `no-referrer` would make
  /// `null`), so that the server can tell it from another site's.
  private static let quiet: HTTPFields = [
    HTTPField.Name("Referrer-Policy")!: "same-origin",
    HTTPField.Name("X-Robots-Tag")!: "noindex, nofollow",
  ]

  private static let askForANewOne =
    #"<p class="link-page-advice">Ask whoever runs your shopping list for a new invite: "#
    + "they make one with <code>shoplist members invite NAME</code> (or "
    + "<code>shoplist members add NAME</code> for someone new), or from a signed-in "
    + "phone with “Add another device”.</p>"

  private static let ifSignedIn = "<p>If this device is signed in already, the list is here:</p>"

  /// `expiresAt` as a day, in words: "10 December 2026".
  private static func day(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "d MMMM yyyy, HH:mm 'UTC'"
    return formatter.string(from: date)
  }
}
