import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request headers do not arrive in time: a new connection must send
/// a request's headers within the timeout, and so must a kept-alive one once the first bytes of
/// its next request arrive. A client that opens connections and sends nothing, or sends its
/// headers a byte at a time, holds a file descriptor for at most that long. Between requests an
/// idle connection is left to the server's idle timeout; while a request is being answered
/// (an event stream, a slow reader) no deadline runs.
///
/// Two handlers share one deadline: ``HeaderDeadline/BytesWatcher`` at the front of the
/// pipeline sees raw bytes arrive, ``HeaderDeadline/PartsWatcher`` after the HTTP decoder sees
/// each request's head and each response's end.
final class HeaderDeadline {
  let timeout: TimeAmount
  private var timer: Scheduled<Void>?
  /// Requests whose head arrived and whose response has not ended.
  private var requestsInProgress = 0

  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  /// Starts the clock, unless it runs already or a request is in progress.
  fileprivate func start(_ context: ChannelHandlerContext) {
    guard timer == nil, requestsInProgress == 0 else { return }
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      context.close(promise: nil)
    }
  }

  fileprivate func headArrived() {
    requestsInProgress += 1
    timer?.cancel()
    timer = nil
  }

  fileprivate func responseEnded() {
    requestsInProgress = max(0, requestsInProgress - 1)
  }

  fileprivate func stop() {
    timer?.cancel()
    timer = nil
  }

  /// The raw side: starts the clock when the connection opens and when bytes arrive between
  /// requests.
  final class BytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let deadline: HeaderDeadline

    init(_ deadline: HeaderDeadline) {
      self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
      if context.channel.isActive { deadline.start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
      deadline.start(context)
      context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      deadline.start(context)
      context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
      deadline.stop()
      context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      deadline.stop()
    }
  }

  /// The HTTP side: a request's head stops the clock, a response's end lets bytes start it
  /// again.
  final class PartsWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let deadline: HeaderDeadline

    init(_ deadline: HeaderDeadline) {
      self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      if case .head = unwrapInboundIn(data) { deadline.headArrived() }
      context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      if case .end = unwrapOutboundIn(data) { deadline.responseEnded() }
      context.write(data, promise: promise)
    }
  }
}
