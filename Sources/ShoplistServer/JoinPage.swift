import HTTPTypes
import Hummingbird
import NIOCore

/// The page a phone gets when its invite link no longer signs it in: in words, what happened
/// and what to do, never an error in JSON. A page of its own, with no script at all and its
/// style inline (the phone has no session to load the list's files with).
enum JoinPage {
  /// The link was opened once already: it signed in the phone that opened it then.
  static func used(by name: String) -> Response {
    page(
      status: .gone, title: "This invite was already used",
      paragraphs: [
        "The invite for <strong>\(escaped(name))</strong> has been opened already, and it "
          + "signed in the phone that opened it. An invite link works only once, so that "
          + "nobody else can use it.",
        askForANewOne,
        #"If this phone is already signed in, <a href="/">open the shopping list</a>."#,
      ])
  }

  /// No invite has this code: never had, replaced by a newer invite, or its member removed.
  static func unknown() -> Response {
    page(
      status: .notFound, title: "This invite link is not valid",
      paragraphs: [
        "It may have been replaced by a newer invite, or the member it was for was removed. "
          + "Check that the whole link was copied.",
        askForANewOne,
      ])
  }

  /// Too many wrong links from this address lately.
  static func heldOff() -> Response {
    page(
      status: .tooManyRequests, title: "Too many wrong links",
      paragraphs: [
        "This network address opened too many invite links that are not valid. "
          + "Try again in a minute.",
        askForANewOne,
      ],
      headers: [.retryAfter: "60"])
  }

  private static let askForANewOne =
    "Ask whoever runs your shopping list for a new invite: they make one with "
    + "<code>shoplist members add NAME</code>."

  private static func page(
    status: HTTPResponse.Status, title: String, paragraphs: [String], headers: HTTPFields = [:]
  ) -> Response {
    let html = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(title) · shoplist</title>
      <style>
      body { font: 18px/1.5 system-ui, sans-serif; margin: 0; padding: 32px 20px;
        background: #f6f7f5; color: #1d2420; }
      main { max-width: 32rem; margin: 0 auto; }
      h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 1rem; }
      a { color: #1f7a4d; font-weight: 600; }
      code { font-size: 0.95em; background: rgba(127, 127, 127, 0.15); padding: 1px 4px;
        border-radius: 4px; }
      @media (prefers-color-scheme: dark) {
        body { background: #151a17; color: #e8ece9; }
        a { color: #6fd19c; }
      }
      </style>
      </head>
      <body><main data-testid="join-page">
      <h1>\(title)</h1>
      \(paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n"))
      </main></body>
      </html>

      """
    var fields = headers
    fields[.contentType] = "text/html; charset=utf-8"
    fields[.cacheControl] = "no-store"
    fields[.xContentTypeOptions] = "nosniff"
    fields[.contentSecurityPolicy] =
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
      + "frame-ancestors 'none'"
    fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    return Response(
      status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
  }

  /// `text` safe inside HTML.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
