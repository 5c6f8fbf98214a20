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

  /// The system clock and time-ordered random (version 7) ids.
  ///
  /// Ids that grow with time keep a large import's inserts at the end of the id index, where
  /// its pages are already in memory, instead of scattering them over the whole file.
  public static var live: Self {
    let random = Mutex(Xoshiro256(seededBy: SystemRandomNumberGenerator()))
    return Self(
      now: { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) },
      uuid: {
        let milliseconds = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        return random.withLock { UUID(milliseconds: milliseconds, random: &$0) }
      }
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
  /// A time-ordered (version 7, RFC 9562) id: 48 bits of Unix time in milliseconds, then
  /// random bits from `generator`.
  init(milliseconds: UInt64, random generator: inout some RandomNumberGenerator) {
    let high = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | generator.next() & 0x0FFF
    let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
    // The two words' big-endian bytes are the id's, in order: no array of bytes on the heap
    // for every id an import makes.
    self = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { bytes in
      UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }
  }

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

/// xoshiro256**: a small, fast generator. Seeded once from the system's entropy, it gives each
/// process its own stream of ids without a system call per id (`UUID()` reads the kernel's
/// random source every time, a tenth of the cost of importing a row).
struct Xoshiro256: RandomNumberGenerator {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  init(seededBy seed: some RandomNumberGenerator) {
    var seed = seed
    state = (seed.next(), seed.next(), seed.next(), seed.next())
    if state == (0, 0, 0, 0) { state.0 = 1 }
  }

  mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotate(state.3, 45)
    return result
  }

  private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
