import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import ShoppingTransfer

/// `GET /api/events`: Server-Sent Events, an event `change` with data `{"list": NAME}` for
/// each list that changes, its `id` the newest history entry then (a page that holds the
/// list as it stands at that entry already has the change, and need not read it again), and
/// an event `household` (data `{}`) when a shop, the default shop or the order of the lists
/// changes. A comment every ``keepAlive`` keeps proxies and phones from closing
/// a quiet stream; the stream ends when the client goes, the server shuts down, or, for a
/// member's stream, the member is removed.
struct EventsController<Context: RequesterContext>: Sendable {
  let feed: ChangeFeed
  let keepAlive: Duration

  func addRoutes(to group: RouterGroup<Context>) {
    group.get("events", use: stream)
  }

  @Sendable func stream(_ request: Request, context: Context) async throws -> Response {
    let feed = self.feed
    let keepAlive = self.keepAlive
    return Response(
      status: .ok,
      headers: [
        .contentType: "text/event-stream", .cacheControl: "no-store",
        HTTPField.Name("X-Accel-Buffering")!: "no",
      ],
      body: ResponseBody { writer in
        let (frames, send) = AsyncStream.makeStream(
          of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(256))
        let changes = feed.subscribe(member: context.requester.memberID)
        try await request.body.consumeWithInboundCloseHandler { _ in
          await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
              group.addTask {
                for await change in changes {
                  // The household's shops or the order of its lists: an event of its own, which
                  // a client that knows only `change` passes over.
                  let (event, data) =
                    change.list.map { ("change", JSONText.object(["list": $0])) }
                    ?? ("household", "{}")
                  send.yield(
                    ByteBuffer(string: "id: \(change.entry)\nevent: \(event)\ndata: \(data)\n\n"))
                }
                send.finish()
              }
              group.addTask {
                while !Task.isCancelled {
                  try? await Task.sleep(for: keepAlive)
                  if Task.isCancelled { break }
                  send.yield(ByteBuffer(string: ": keep-alive\n\n"))
                }
              }
              // The head and a first comment at once: the client knows it is connected.
              send.yield(ByteBuffer(string: ": connected\n\n"))
              for await frame in frames {
                do { try await writer.write(frame) } catch { break }
              }
              group.cancelAll()
            }
          } onGracefulShutdown: {
            send.finish()
          }
        } onInboundClosed: {
          send.finish()
        }
        try await writer.finish(nil)
      }
    )
  }
}
