import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1
import NIOSSL

/// Hummingbird's HTTP/1 connection, plain or inside its TLS channel, with the bounds a server
/// on the internet needs: a connection past ``OpenConnections/limit`` is closed as soon as it
/// is accepted, before any TLS work is spent on it, and every connection gets a
/// ``HeaderDeadline`` and a ``WriteProgressDeadline``. Under TLS the deadline runs from the moment the connection opens and
/// watches the decrypted bytes, so a handshake that never completes is bounded like headers
/// that never arrive; a plain-HTTP request to the TLS port is answered by ``PlainHTTPRefusal``.
struct GuardedHTTP1Channel<Base: ServerChildChannel>: ServerChildChannel
where Base.Value == HTTP1Channel.Value {
  typealias Value = Base.Value

  let base: Base
  let connections: OpenConnections
  let deadlines: ConnectionDeadlines

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    guard connections.admit(channel) else {
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(ConnectionRefused())
    }
    let deadlines = self.deadlines
    return base.setup(channel: channel, logger: logger)
      .flatMapThrowing { value in
        // The deadline's raw half sees the request's bytes as the HTTP decoder will: right
        // after TLS, else first. Its other half watches requests and responses, right after
        // the HTTP codec.
        let pipeline = channel.pipeline.syncOperations
        let bytes = HeaderDeadline.BytesWatcher(HeaderDeadline(timeout: deadlines.header))
        if let tls = try? pipeline.handler(type: NIOSSLServerHandler.self) {
          try pipeline.addHandler(bytes, position: .after(tls))
          try pipeline.addHandler(PlainHTTPRefusal(), position: .before(tls))
        } else {
          try pipeline.addHandler(bytes, position: .first)
        }
        // In front of everything, where bytes leave for the socket.
        try pipeline.addHandler(
          WriteProgressDeadline(timeout: deadlines.writeProgress), position: .first)
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

/// How long a connection may take over what it owes the server.
struct ConnectionDeadlines: Sendable {
  /// For a request's headers to arrive (``HeaderDeadline``).
  var header: TimeAmount
  /// For a client to take any of the bytes waiting for it (``WriteProgressDeadline``).
  var writeProgress: TimeAmount
}
