import HTTPTypes
import Hummingbird
import NIOCore

/// The page a browser gets for a link that does not sign it in (a stale sign-in link, an
/// invite used already or unknown): in words, what happened and what to do, never an error in
/// JSON. One template (`Page/link-page.html`) for all of them, styled by the page's own
/// `app.css`, with no script, so every such page looks like the list it leads to.
struct LinkPage: Sendable {
  let template: [UInt8]

  init(template: [UInt8] = PackageResources.link_page_html) {
    self.template = template
  }

  /// The page titled `title` (plain text) saying `paragraphs` (HTML, escaped where they hold
  /// user text), marked `kind` for tests and styles; never stored, since the same address may
  /// work later.
  func response(
    status: HTTPResponse.Status, kind: String, title: String, paragraphs: [String],
    actions: String = LinkPage.openTheList, headers extra: HTTPFields = [:]
  ) -> Response {
    let text = String(decoding: template, as: UTF8.self)
      .replacingOccurrences(of: "<!-- title -->", with: Self.escaped(title))
      .replacingOccurrences(of: "<!-- kind -->", with: Self.escaped(kind))
      .replacingOccurrences(
        of: "<!-- content -->",
        with: paragraphs.map { "    \($0)" }.joined(separator: "\n"))
      .replacingOccurrences(of: "<!-- actions -->", with: "    " + actions)
    var headers = EmbeddedFile.headers(type: "text/html; charset=utf-8", cacheControl: "no-store")
    // A page's own header replaces the general one of the same name.
    for field in extra { headers[field.name] = field.value }
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// `text` safe inside HTML.
  /// What a page ends with unless it says otherwise: the way to the list.
  static let openTheList =
    #"<a class="btn btn-primary link-page-open" data-testid="open-list" href="/">Open the list</a>"#

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
