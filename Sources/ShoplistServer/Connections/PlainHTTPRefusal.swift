import NIOCore

/// Answers a plain-HTTP request sent to the HTTPS port in words, and closes: left to TLS, it
/// would end as a failed handshake that a browser shows as an empty page with no reason.
///
/// It sits in front of the TLS handler and looks at the connection's first byte only: a TLS
/// connection opens with a handshake record (never a letter), an HTTP request with its method
/// in capital letters. Anything but a letter goes on to TLS, and the handler leaves the pipeline.
final class PlainHTTPRefusal: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  static let body = "This address speaks HTTPS only: open it with https:// instead.\n"
  static let answer =
    "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body

  /// Whether the connection turned out to be plain HTTP: what else it sends is dropped.
  private var refused = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    let bytes = unwrapInboundIn(data)
    guard let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) else { return }
    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else {
      context.fireChannelRead(data)
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
      return
    }
    refused = true
    let answer = context.channel.allocator.buffer(string: Self.answer)
    context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }
}
