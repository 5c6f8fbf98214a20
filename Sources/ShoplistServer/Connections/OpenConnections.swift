import NIOCore
import Synchronization

/// The connections the server has open, bounded so that no number of idle or slow clients can
/// take the file descriptors the server needs to keep answering: past ``limit`` a new
/// connection is closed as soon as it is accepted, and the ones open keep being served. One
/// client (an IPv4 address, or an IPv6 /64: ``ClientPrefix``) may hold at most
/// ``limitPerClient`` of them, so that a single client cannot take every place; a trusted
/// reverse proxy, which carries every client's connections, is not held to that.
///
/// When a wave of connections has ended (the number open falls to a quarter of its peak), the
/// memory they held is handed back to the system, so a flood leaves no lasting weight.
///
/// It also ends the connections still open when the grace period after SIGTERM runs out
/// (``closeAll()``).
final class OpenConnections: Sendable {
  /// How many connections may be open at once.
  let limit: Int
  /// How many connections one client may have open at once.
  let limitPerClient: Int
  /// Clients held to no limit of their own: trusted reverse proxies.
  let unlimitedClients: Set<ClientPrefix>

  private struct State {
    var open: [ObjectIdentifier: any Channel] = [:]
    var perClient: [ClientPrefix: Int] = [:]
    var admitting = true
    var closingAll = false
    /// The most connections open at once since memory was last handed back.
    var peak = 0
  }

  private let state = Mutex(State())

  /// The open connections past which memory is handed back once they are gone: below it, what
  /// a few hundred connections held is worth keeping for the next ones.
  private static let wave = 256

  init(limit: Int, limitPerClient: Int = .max, unlimitedClients: Set<ClientPrefix> = []) {
    self.limit = max(1, limit)
    self.limitPerClient = max(1, limitPerClient)
    self.unlimitedClients = unlimitedClients
  }

  /// Takes `channel` in if there is room, for everyone and for its client, and forgets it once
  /// it closes.
  func admit(_ channel: any Channel) -> Bool {
    let id = ObjectIdentifier(channel)
    let client = ClientPrefix(channel.remoteAddress).flatMap {
      unlimitedClients.contains($0) ? nil : $0
    }
    let admitted = state.withLock { state in
      guard state.open.count < limit, state.admitting, !state.closingAll else { return false }
      if let client {
        let held = state.perClient[client, default: 0]
        guard held < limitPerClient else { return false }
        state.perClient[client] = held + 1
      }
      state.open[id] = channel
      state.peak = max(state.peak, state.open.count)
      return true
    }
    guard admitted else { return false }
    channel.closeFuture.whenComplete { [self] _ in
      let waveEnded = state.withLock { state in
        state.open.removeValue(forKey: id)
        if let client {
          let held = state.perClient[client, default: 1] - 1
          state.perClient[client] = held > 0 ? held : nil
        }
        guard state.peak >= Self.wave, state.open.count <= state.peak / 4 else { return false }
        state.peak = state.open.count
        return true
      }
      if waveEnded { FreedMemory.handBack() }
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
