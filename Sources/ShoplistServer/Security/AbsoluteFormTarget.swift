import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Makes a request whose target is in absolute form (`GET http://host:port/path HTTP/1.1`)
/// name the target's host in its `Host`, as RFC 9112 §3.2.2 has a server read it: the
/// target's authority wins over any `Host` line.
///
/// The HTTP/1 codec keeps only the path of such a target and takes the `Host` line as the
/// request's host, so `GET http://evil.example/api/lists` sent with a served `Host` would be
/// answered as if it named this server. Placed right before that codec, this handler puts the
/// target's authority in the one `Host` line and leaves the origin-form path, so the host check
/// (``RequestGuardMiddleware``) sees the host that counts: a foreign one is 421, a served one
/// is served.
final class AbsoluteFormTarget: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case var .head(head) = unwrapInboundIn(data), let target = Self.split(head.uri) else {
      context.fireChannelRead(data)
      return
    }
    head.uri = target.path
    head.headers.replaceOrAdd(name: "Host", value: target.authority)
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }

  /// The authority and the origin-form path (with its query) of an `http` or `https` target
  /// in absolute form; `nil` for any other target.
  static func split(_ target: String) -> (authority: String, path: String)? {
    guard !target.hasPrefix("/") else { return nil }
    let lowered = target.prefix(8).lowercased()
    let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
    guard schemeLength > 0 else { return nil }
    let rest = target.dropFirst(schemeLength)
    let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let path = rest[end...]
    return (String(rest[..<end]), path.first == "/" ? String(path) : "/" + path)
  }

  /// An HTTP/1 connection whose pipeline has an ``AbsoluteFormTarget`` before its codec.
  struct Channel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base

    func setup(channel: any NIOCore.Channel, logger: Logger) -> EventLoopFuture<Value> {
      base.setup(channel: channel, logger: logger).flatMapThrowing { value in
        let pipeline = channel.pipeline.syncOperations
        let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
        try pipeline.addHandler(AbsoluteFormTarget(), position: .before(codec))
        return value
      }
    }

    func handle(value: Value, logger: Logger) async {
      await base.handle(value: value, logger: logger)
    }
  }
}
