import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 connection, with the bounds a server on the internet needs: a
/// connection past ``OpenConnections/limit`` is closed as soon as it is accepted, and every
/// connection gets a ``HeaderDeadline``.
struct GuardedHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel
  let connections: OpenConnections
  let headerTimeout: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    guard connections.admit(channel) else {
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(ConnectionRefused())
    }
    let headerTimeout = self.headerTimeout
    let prepared: EventLoopFuture<Void> = channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        HeaderDeadline.BytesWatcher(HeaderDeadline(timeout: headerTimeout)), position: .first)
    }
    return prepared.flatMap { base.setup(channel: channel, logger: logger) }
      .flatMapThrowing { value in
        // The other half of the deadline watches requests and responses: right after the HTTP
        // codec, which the base channel added.
        let pipeline = channel.pipeline.syncOperations
        let bytes = try pipeline.handler(type: HeaderDeadline.BytesWatcher.self)
        let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
        try pipeline.addHandler(
          HeaderDeadline.PartsWatcher(bytes.deadline), position: .after(codec))
        return value
      }
      .flatMapErrorThrowing { error in
        channel.close(promise: nil)
        throw error
      }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }

  /// The error that ends the setup of a connection refused.
  struct ConnectionRefused: Error {}
}
