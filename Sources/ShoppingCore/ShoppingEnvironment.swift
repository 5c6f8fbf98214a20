import Foundation
import Synchronization

/// What the reducers need from the world and cannot compute purely: fresh ids and the time.
///
/// ```swift
/// let environment = ShoppingEnvironment.live
/// let testing = ShoppingEnvironment.deterministic(now: Date(timeIntervalSince1970: 0))
/// ```
public struct ShoppingEnvironment: Sendable {
  /// The current time, to whole seconds (timestamps are stored as ISO 8601 to the second).
  public var now: @Sendable () -> Date
  /// A fresh, unique id.
  public var uuid: @Sendable () -> UUID

  /// Creates an environment from its two functions.
  public init(now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID) {
    self.now = now
    self.uuid = uuid
  }

  /// The system clock and random ids.
  public static var live: Self {
    Self(
      now: { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) },
      uuid: { UUID() }
    )
  }

  /// A fixed time and ids counting up from `00000000-0000-0000-0000-000000000001`, for tests.
  public static func deterministic(now: Date) -> Self {
    let counter = Mutex<UInt64>(0)
    return Self(
      now: { now },
      uuid: {
        let next = counter.withLock { value in
          value += 1
          return value
        }
        return UUID(counting: next)
      }
    )
  }
}

extension UUID {
  /// The `n`th id of a counting sequence: `UUID(counting: 1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  public init(counting n: UInt64) {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[15 - index] = UInt8(truncatingIfNeeded: n >> (8 * UInt64(index)))
    }
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
    )
  }
}
