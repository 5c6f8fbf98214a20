import NIOCore
import Synchronization

/// The connections the server has open, bounded so that no number of idle or slow clients can
/// take the file descriptors the server needs to keep answering: past ``limit`` a new
/// connection is closed as soon as it is accepted, and the ones open keep being served.
///
/// It also ends the connections still open when the grace period after SIGTERM runs out
/// (``closeAll()``).
final class OpenConnections: Sendable {
  /// How many connections may be open at once.
  let limit: Int

  private struct State {
    var open: [ObjectIdentifier: any Channel] = [:]
    var admitting = true
    var closingAll = false
  }

  private let state = Mutex(State())

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Takes `channel` in if there is room, and forgets it once it closes.
  func admit(_ channel: any Channel) -> Bool {
    let id = ObjectIdentifier(channel)
    let admitted = state.withLock { state in
      guard state.open.count < limit, state.admitting, !state.closingAll else { return false }
      state.open[id] = channel
      return true
    }
    guard admitted else { return false }
    channel.closeFuture.whenComplete { [self] _ in
      _ = state.withLock { $0.open.removeValue(forKey: id) }
    }
    return true
  }

  /// Takes no more connections in: the server is about to shut down. A connection accepted
  /// from now on is closed at once rather than handed to a server that no longer takes
  /// connections (which would drop it without closing it).
  func stopAdmitting() {
    state.withLock { $0.admitting = false }
  }

  /// How many connections are open.
  var count: Int { state.withLock { $0.open.count } }

  /// Whether ``closeAll()`` was called: the connections then close without waiting for what
  /// they still have to send (see ``DrainBeforeClose``).
  var isClosingAll: Bool { state.withLock { $0.closingAll } }

  /// Closes every connection now, whatever it is still sending or reading.
  func closeAll() {
    let channels = state.withLock { state in
      state.closingAll = true
      return Array(state.open.values)
    }
    for channel in channels { channel.close(mode: .all, promise: nil) }
  }
}
