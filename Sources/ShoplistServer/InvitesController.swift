import Foundation
import Hummingbird
import NIOCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// `POST /api/invites`: a new link for another device of a member — the signed-in member's
/// own (the page's "Add another device"), or, with the household's token, the member the
/// body names (`{"member": NAME}`). The answer is `{"link", "expiresAt", "svg"}`: the link,
/// when it stops working, and its QR code as an SVG image for the other device's camera.
struct InvitesController: Sendable {
  typealias Context = ServerRequestContext
  let service: ShoppingService
  let links: InviteLinkWriter

  func addRoutes(to group: RouterGroup<Context>) {
    group.post("invites", use: create)
  }

  @Sendable func create(_ request: Request, context: Context) async throws -> Response {
    let body = try await request.decode(as: InviteBody.self, context: context)
    let service = self.service
    let invite: Invite
    switch context.requester {
    case let .member(id, _):
      invite = try await StorageThreads.run { try service.inviteDevice(ofMember: id) }
    default:
      guard let name = body.member else {
        throw APIError.badRequest(#"name the member whose device to invite: {"member": NAME}"#)
      }
      invite = try await StorageThreads.run {
        try service.inviteDevice(named: name)
      }
    }
    let link = links.base(for: request) + "/join/" + invite.code
    let document = JSONValue.object([
      "link": .string(link), "expiresAt": .time(invite.expiresAt),
      "svg": .nullable(links.qrCode(link)),
    ]).text
    return Response(
      status: .created,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
  }
}

/// `POST /api/invites`'s body: `{"member"?: NAME}`.
struct InviteBody: Decodable, Equatable, Sendable {
  let member: String?
}

/// How the server writes an invite link: the public address (`--url`) when there is one,
/// else the address the request came to; and its QR code, drawn by whoever runs the server.
struct InviteLinkWriter: Sendable {
  /// The public address, without a trailing `/`.
  let publicURL: String?
  /// Whether the server itself speaks TLS.
  let isSecure: Bool
  /// The QR code of a link as an SVG image; `nil` when the link does not fit one.
  let qrCode: @Sendable (String) -> String?

  /// The address a link for `request` starts with.
  func base(for request: Request) -> String {
    if let publicURL { return publicURL }
    let host = request.head.authority ?? "127.0.0.1"
    return (isSecure ? "https://" : "http://") + host
  }
}
