import NIOCore

/// Closes a connection whose peer stops taking what the server sends it: while bytes written
/// to it are waiting to be taken, at least one of them must be taken every ``timeout`` (30 s
/// by default), or the connection is closed.
///
/// The header deadline ends once a request's head has arrived, and the idle timeout does not run
/// while a response is being written; without this, a client that asks for a document and never
/// reads the answer (or pipelines requests behind it) would hold its connection, and the memory
/// queued on it, for as long as it liked. A slow phone is not cut off: any progress, a single
/// segment taken, starts the clock again; only a reader that takes nothing for the whole period
/// is. An event stream whose reader stopped reading is closed the same way.
///
/// "Taken" means acknowledged by the client's TCP (Linux's `tcpi_bytes_acked`), so bytes that
/// sit in the kernel's send buffer count as waiting, as much as bytes the channel still holds:
/// a few responses fit in the kernel's buffer whole. It sits at the front of the pipeline,
/// where bytes leave for the socket (under TLS, before the TLS handler: it counts the bytes
/// the TCP connection carries). A connection that wrote something is looked at every sixth of
/// the timeout, until nothing it wrote is waiting.
final class WriteProgressDeadline: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  /// How long bytes may wait without any of them being taken.
  let timeout: TimeAmount
  /// How often a connection with bytes waiting is looked at.
  let interval: TimeAmount

  /// Every byte handed on towards the socket so far.
  private var handedOn: UInt64 = 0
  /// How many bytes had been taken when progress was last seen, and when that was.
  private var takenAtProgress: UInt64 = 0
  private var progressSeen = NIODeadline.now()
  private var timer: Scheduled<Void>?

  init(timeout: TimeAmount) {
    self.timeout = timeout
    self.interval = .nanoseconds(max(timeout.nanoseconds / 6, 1_000_000))
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    handedOn &+= UInt64(unwrapOutboundIn(data).readableBytes)
    context.write(data, promise: promise)
  }

  func flush(context: ChannelHandlerContext) {
    context.flush()
    guard timer == nil else { return }
    progressSeen = .now()
    schedule(context)
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    stop()
    context.close(mode: mode, promise: promise)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stop()
  }

  private func schedule(_ context: ChannelHandlerContext) {
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { [self] in
      timer = nil
      guard context.channel.isActive else { return }
      bytesTaken(on: context) { [self] taken in look(at: context, taken: taken) }
    }
  }

  /// Closes the connection when nothing was taken for ``timeout``; else looks again later,
  /// while bytes are still waiting.
  private func look(at context: ChannelHandlerContext, taken: UInt64) {
    guard taken < handedOn else { return }
    let now = NIODeadline.now()
    if taken != takenAtProgress {
      takenAtProgress = taken
      progressSeen = now
    } else if now - progressSeen >= timeout {
      context.close(promise: nil)
      return
    }
    schedule(context)
  }

  private func stop() {
    timer?.cancel()
    timer = nil
  }

  /// Calls `body` with how many of the bytes written the client has taken: those its TCP
  /// acknowledged where the system says, else those that left the channel for the socket.
  private func bytesTaken(on context: ChannelHandlerContext, _ body: @escaping (UInt64) -> Void) {
    #if os(Linux)
      if let socket = context.channel as? any SocketOptionProvider {
        let info: EventLoopFuture<TCPInfoPrefix> = socket.unsafeGetSocketOption(
          level: .init(IPPROTO_TCP), name: .init(TCP_INFO))
        info.assumeIsolated().whenSuccess { body($0.bytesAcknowledged) }
        return
      }
    #endif
    let buffered = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    body(handedOn &- UInt64(max(0, buffered)))
  }
}

#if os(Linux)
  import Glibc

  /// The first 128 bytes of Linux's `struct tcp_info` (`linux/tcp.h`), which the kernel fills
  /// as far as it is asked to; glibc's copy of the struct stops before the fields read here.
  /// Its layout only ever grows at the end.
  private struct TCPInfoPrefix: Sendable {
    var words:
      (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// `tcpi_bytes_acked`, at byte 120: the bytes the peer acknowledged (since Linux 4.1).
    var bytesAcknowledged: UInt64 { words.15 }
  }
#endif
