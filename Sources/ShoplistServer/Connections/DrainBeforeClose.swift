import NIOCore
import NIOHTTPTypes

/// Holds a connection's close back until everything written on it has reached the socket.
///
/// On shutdown the HTTP server closes each connection as soon as its last response is
/// written to the pipeline, and closing a channel drops the bytes still queued in it: a long
/// list's document would arrive cut. Sitting between that close and the socket, this handler
/// counts the writes not yet done and closes once there are none (or at once when a write
/// fails: the peer is gone, or when the grace period is over: ``OpenConnections/closeAll()``).
final class DrainBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let connections: OpenConnections
  private var pendingWrites = 0
  private var deferredClose: (mode: CloseMode, promise: EventLoopPromise<Void>?)?

  init(connections: OpenConnections) {
    self.connections = connections
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    pendingWrites += 1
    let done = promise ?? context.eventLoop.makePromise()
    done.futureResult.assumeIsolated().whenComplete { [self] _ in
      pendingWrites -= 1
      if pendingWrites == 0, let close = deferredClose {
        deferredClose = nil
        context.close(mode: close.mode, promise: close.promise)
      }
    }
    context.write(data, promise: done)
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    let waiting = deferredClose?.promise
    guard pendingWrites > 0, mode == .all, !connections.isClosingAll else {
      // Closing now: a close held back earlier completes with this one.
      deferredClose = nil
      let closing = promise ?? waiting.map { _ in context.eventLoop.makePromise() }
      if let waiting, let closing { closing.futureResult.cascade(to: waiting) }
      context.close(mode: mode, promise: closing)
      return
    }
    let held = promise ?? waiting
    if let waiting, let promise { promise.futureResult.cascade(to: waiting) }
    deferredClose = (mode, held)
    context.flush()
  }
}
