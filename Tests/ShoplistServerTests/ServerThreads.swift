import Foundation
import ShoppingStorage

@testable import ShoplistServer

/// Threads of the in-process server's own, as `shoplist serve` has a process of its own.
///
/// Swift Testing runs suites side by side on the few threads of the cooperative pool, and many
/// of them block there (on processes, on sockets). A server whose tasks queued behind those
/// answered seconds late under the whole suite, and timing-bound checks (an idle timeout, the
/// page's wait for the network) failed for a reason a real server never has. Its tasks, and
/// the child tasks they start, run on these threads instead.
enum ServerThreads {
  /// One executor for every in-process server: two threads, like the machine's cores.
  static let shared = ThreadExecutor(count: 2, name: "shoplist-test-server")

  /// A change feed of `harness`'s database on these threads, looking every `interval`.
  static func feed(_ harness: Harness, interval: Duration) -> ChangeFeed {
    ChangeFeed(
      service: harness.service, interval: interval, executor: shared)
  }
}
