import Foundation
import ShoppingStorage

@testable import ShoplistServer

/// Threads of the in-process servers' change feeds, as `shoplist serve` gives its feed threads
/// of its own: a feed that queued behind other tests' work kept a removed member's stream open
/// and missed changes for seconds.
///
/// The servers themselves run on Swift's shared pool, which the tests that block no longer hold
/// (they run on ``TestThreads``). They once ran on these threads too, as the tasks of an executor
/// preference, and that could hang a server's shutdown for good: under a preference a task of
/// the service group hops executors inside swift-async-algorithms' `merge`, holding its lock,
/// while the group's cancellation holds the task's own lock and waits for the merge's (both
/// threads seen waiting in a hung run). A task with no preference never makes that hop.
enum ServerThreads {
  /// The feeds' executor: two threads, like the machine's cores.
  static let shared = ThreadExecutor(count: 2, name: "shoplist-test-server")

  /// A change feed of `harness`'s database on these threads, looking every `interval`.
  static func feed(_ harness: Harness, interval: Duration) -> ChangeFeed {
    ChangeFeed(
      service: harness.service, interval: interval, executor: shared)
  }
}
