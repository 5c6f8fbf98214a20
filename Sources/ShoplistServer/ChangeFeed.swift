import Foundation
import ShoppingService
import ShoppingStorage
import Synchronization

/// The lists that changed, pushed to every open event stream: whoever changed them — this
/// server, the command line, a cron import, another server — since every change is a history
/// entry in the database they share.
///
/// While at least one stream is open, a task asks the database for its newest history entry
/// every ``interval`` (one indexed lookup), or, when storage announces its changes
/// (PostgreSQL's LISTEN/NOTIFY), each time it does and never otherwise; when it moved on, the
/// entries since say which lists changed. With no stream open nothing runs at all.
///
/// A member's stream ends as soon as they are removed, by this process or another (the
/// command line): while members' streams are open, the task also asks SQLite whether anyone
/// wrote to the database (``ShoppingService/membershipStamp()``, which reads nothing from the
/// file), and only then whether those members still are.
final class ChangeFeed: Sendable {
  let service: ShoppingService
  let interval: Duration

  /// A list that changed (nil: the household's shops or the order of its lists), and the
  /// newest history entry when it was seen to: a client that holds the list as it stands at
  /// that entry (or a later one) has the change already.
  struct Change: Equatable, Sendable {
    let list: String?
    let entry: Int
  }

  private struct Subscriber {
    let continuation: AsyncStream<Change>.Continuation
    /// The member whose stream it is, if a member's.
    let member: UUID?
  }

  private struct State {
    var nextID = 0
    var subscribers: [Int: Subscriber] = [:]
    var watcher: Task<Void, Never>?
    var finished = false
    /// Whether a member's stream opened since the members were last checked: they may have
    /// been removed just before.
    var membersToCheck = false
  }

  private let state = Mutex(State())

  /// Where the watching task runs; nil: the global executor, like any task.
  private let executor: (any TaskExecutor)?

  /// A feed of `service`'s changes, looked for every `interval` (on
  /// `ShoppingStorage/StorageThreads`, as the database's calls block), watched from a task on
  /// `executor`.
  ///
  /// A process that runs other work beside the server (a program embedding it, a test run)
  /// can give the feed's task threads of its own, so that its streams never wait behind that
  /// work.
  init(
    service: ShoppingService, interval: Duration = .milliseconds(100),
    executor: (any TaskExecutor)? = nil
  ) {
    self.service = service
    self.interval = interval
    self.executor = executor
  }

  /// The lists as they change, until the stream is dropped or ``finish()``, or, for a
  /// member's stream, until `member` is removed.
  func subscribe(member: UUID? = nil) -> AsyncStream<Change> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Change.self, bufferingPolicy: .bufferingNewest(256))
    let id: Int? = state.withLock { state in
      guard !state.finished else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = Subscriber(continuation: continuation, member: member)
      if member != nil { state.membersToCheck = true }
      if state.watcher == nil {
        state.watcher = Task(executorPreference: executor) { [weak self] in await self?.watch() }
      }
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    return stream
  }

  /// How many streams are open.
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Ends every stream and refuses new ones (the server is shutting down).
  func finish() {
    let (subscribers, watcher) = state.withLock { state in
      state.finished = true
      defer {
        state.subscribers = [:]
        state.watcher = nil
      }
      return (Array(state.subscribers.values), state.watcher)
    }
    watcher?.cancel()
    for subscriber in subscribers { subscriber.continuation.finish() }
  }

  private func unsubscribe(_ id: Int) {
    let watcher: Task<Void, Never>? = state.withLock { state in
      state.subscribers[id] = nil
      guard state.subscribers.isEmpty else { return nil }
      defer { state.watcher = nil }
      return state.watcher
    }
    watcher?.cancel()
  }

  private func watch() async {
    let service = self.service
    var seen = (try? await StorageThreads.run { try service.newestChange() }) ?? 0
    var stamp = try? await StorageThreads.run { try service.membershipStamp() }
    if let announcements = service.changeAnnouncements() {
      // Storage tells of each change: nothing is asked until it does.
      for await _ in announcements {
        if Task.isCancelled { break }
        await look(after: &seen, stamp: &stamp)
      }
      return
    }
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      if Task.isCancelled { break }
      await look(after: &seen, stamp: &stamp)
    }
  }

  /// Sends the lists changed since the entry `seen` to every stream, and ends the streams of
  /// members removed since `stamp`.
  private func look(after seen: inout Int, stamp: inout MembershipStamp?) async {
    let service = self.service
    await endStreamsOfRemovedMembers(stamp: &stamp)
    let after = seen
    guard
      let changes = try? await StorageThreads.run({
        try service.changes(after: after)
      })
    else { return }  // busy or briefly unreadable: asked again next time
    seen = changes.newest
    let told = changes.lists.map(Optional.some) + (changes.household ? [nil] : [])
    guard !told.isEmpty else { return }
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for list in told {
      let change = Change(list: list, entry: changes.newest)
      for subscriber in subscribers { subscriber.continuation.yield(change) }
    }
  }

  /// Ends the streams of members who are members no longer, if a member's stream is open and
  /// the database was written since `stamp` (or a member's stream opened since the last look).
  private func endStreamsOfRemovedMembers(stamp: inout MembershipStamp?) async {
    let (members, mustCheck) = state.withLock { state in
      defer { state.membersToCheck = false }
      return (Set(state.subscribers.values.compactMap(\.member)), state.membersToCheck)
    }
    guard !members.isEmpty else { return }
    let service = self.service
    let now = try? await StorageThreads.run { try service.membershipStamp() }
    guard mustCheck || now == nil || now != stamp else { return }
    guard
      let remaining = try? await StorageThreads.run({
        try service.existingMembers(members)
      })
    else {
      // Busy or briefly unreadable: looked at again next time.
      state.withLock { $0.membersToCheck = true }
      return
    }
    stamp = now
    let ended = state.withLock { state in
      // Only the members looked up: one whose stream opened meanwhile is looked up next time.
      let gone = state.subscribers.filter { _, subscriber in
        subscriber.member.map { members.contains($0) && !remaining.contains($0) } ?? false
      }
      for id in gone.keys { state.subscribers[id] = nil }
      return gone.values.map(\.continuation)
    }
    for continuation in ended { continuation.finish() }
  }
}
