import Hummingbird
import NIOCore
import ShoppingTransfer

/// `GET /api/me`: who the page is signed in as — `{"member": "Ana"}` for a member of the
/// household, `{"member": null}` with the household's token — so that the page can say so.
struct SessionController<Context: RequesterContext>: Sendable {
  func addRoutes(to group: RouterGroup<Context>) {
    group.get("me", use: me)
  }

  @Sendable func me(_ request: Request, context: Context) async throws -> Response {
    let document = JSONValue.object(["member": .nullable(context.requester.memberName)]).text
    return Response(
      status: .ok,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
  }
}
