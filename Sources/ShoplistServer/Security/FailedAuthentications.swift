import Synchronization

/// Counts the requests from each address that present a wrong token or cookie, and holds off
/// an address that keeps guessing: after ``limit`` failures within ``window``, its requests
/// without a valid credential are refused (429) for ``window`` from the last failure. A valid
/// credential is never refused by this, so a household member is not locked out by a guesser
/// on the same network.
///
/// Memory stays bounded whatever the traffic: at most ``capacity`` addresses are remembered,
/// and the one whose last failure is oldest makes way for a new one.
final class FailedAuthentications: Sendable {
  /// How many failures within the window block an address.
  let limit: Int
  /// How long failures count, and how long a block lasts.
  let window: Duration
  /// How many addresses are remembered at most.
  let capacity: Int
  private let now: @Sendable () -> ContinuousClock.Instant

  private struct Record {
    /// The times of the latest failures, at most `limit` of them, oldest first.
    var failures: [ContinuousClock.Instant] = []
    var blockedUntil: ContinuousClock.Instant?
    var last: ContinuousClock.Instant
  }

  private let records = Mutex<[String: Record]>([:])

  init(
    limit: Int = 20, window: Duration = .seconds(60), capacity: Int = 4_096,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.limit = limit
    self.window = window
    self.capacity = capacity
    self.now = now
  }

  /// Whether requests from `address` without a valid credential are refused for now.
  func isBlocked(_ address: String) -> Bool {
    let now = now()
    return records.withLock { records in
      guard let until = records[address]?.blockedUntil else { return false }
      return now < until
    }
  }

  /// Notes a request from `address` that presented a wrong credential.
  func recordFailure(from address: String) {
    let now = now()
    records.withLock { records in
      if records[address] == nil, records.count >= capacity {
        Self.forgetOldest(in: &records)
      }
      var record = records[address] ?? Record(last: now)
      record.failures.removeAll { now - $0 >= window }
      record.failures.append(now)
      if record.failures.count > limit { record.failures.removeFirst() }
      if record.failures.count >= limit { record.blockedUntil = now + window }
      record.last = now
      records[address] = record
    }
  }

  private static func forgetOldest(in records: inout [String: Record]) {
    guard let oldest = records.min(by: { $0.value.last < $1.value.last })?.key else { return }
    records[oldest] = nil
  }
}
