import Foundation
import Synchronization

/// Counts the requests from each client that present a wrong token, cookie or invite code, and
/// holds off a client that keeps guessing: after ``limit`` failures within ``window``, its
/// requests are refused (429) for ``window`` from the last failure, and the tokens and codes
/// they carry are not even compared — a held-off guesser learns nothing, however fast it
/// asks, and costs the server nothing. What a device that signed in keeps in its cookie (a
/// member's secret, or the household's session, 256 bits nobody guesses) is still let in, so
/// a household's phones behind the same address as a guesser keep working.
///
/// A client is an IPv4 address, or an IPv6 /64 network (``ClientPrefix``): an IPv6 host owns
/// a whole /64 and could otherwise guess from a new address each time. Behind a trusted reverse
/// proxy (`--trust-proxy`), the client is the address the proxy names in `X-Forwarded-For`.
///
/// Memory stays bounded whatever the traffic: at most ``capacity`` clients are remembered,
/// and the one whose last failure is oldest makes way for a new one.
final class FailedAuthentications: Sendable {
  /// How many failures within the window hold a client off.
  let limit: Int
  /// How long failures count, and how long a hold lasts.
  let window: Duration
  /// How many clients are remembered at most.
  let capacity: Int
  /// The reverse proxies whose `X-Forwarded-For` names the client.
  let trustedProxies: Set<ClientPrefix>
  private let now: @Sendable () -> ContinuousClock.Instant

  private struct Record {
    /// The times of the latest failures, at most `limit` of them, oldest first.
    var failures: [ContinuousClock.Instant] = []
    var blockedUntil: ContinuousClock.Instant?
    var last: ContinuousClock.Instant
  }

  private let records = Mutex<[String: Record]>([:])
  /// When the last hold of any client ends, in nanoseconds after ``start``: while it is past,
  /// nobody is held off, and a request is let through without a look at the records.
  private let holdsEnd = Atomic<Int64>(0)
  private let start: ContinuousClock.Instant

  init(
    limit: Int = 20, window: Duration = .seconds(60), capacity: Int = 4_096,
    trustedProxies: Set<ClientPrefix> = [],
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.limit = limit
    self.window = window
    self.capacity = capacity
    self.trustedProxies = trustedProxies
    self.now = now
    self.start = now()
  }

  /// Whether any client may be held off now: false, at the cost of reading the clock, on
  /// every request of a server nobody is guessing at.
  var mayHoldAnyone: Bool {
    Self.nanoseconds(now() - start) < holdsEnd.load(ordering: .relaxed)
  }

  /// The client a request comes from, as failures are counted: the peer's address (or /64),
  /// or, when the peer is a trusted proxy, the nearest address in `forwardedFor` (the
  /// request's `X-Forwarded-For`) that is not one of the trusted proxies.
  func client(peer: String, forwardedFor: String?) -> String {
    guard let prefix = ClientPrefix(peer) else { return peer }
    guard trustedProxies.contains(prefix), let forwardedFor else { return prefix.description }
    for hop in forwardedFor.split(separator: ",").reversed() {
      let text = hop.trimmingCharacters(in: .whitespaces)
      guard let hopPrefix = ClientPrefix(text) else { break }
      if !trustedProxies.contains(hopPrefix) { return hopPrefix.description }
    }
    return prefix.description
  }

  /// Whether requests from `client` are refused for now.
  func isBlocked(_ client: String) -> Bool {
    let now = now()
    return records.withLock { records in
      guard let until = records[client]?.blockedUntil else { return false }
      return now < until
    }
  }

  /// Notes a request from `client` that presented a wrong credential.
  func recordFailure(from client: String) {
    let now = now()
    records.withLock { records in
      if records[client] == nil, records.count >= capacity {
        Self.forgetOldest(in: &records)
      }
      var record = records[client] ?? Record(last: now)
      record.failures.removeAll { now - $0 >= window }
      record.failures.append(now)
      if record.failures.count > limit { record.failures.removeFirst() }
      if record.failures.count >= limit {
        record.blockedUntil = now + window
        _ = holdsEnd.max(Self.nanoseconds(now + window - start), ordering: .relaxed)
      }
      record.last = now
      records[client] = record
    }
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }

  private static func forgetOldest(in records: inout [String: Record]) {
    guard let oldest = records.min(by: { $0.value.last < $1.value.last })?.key else { return }
    records[oldest] = nil
  }
}
