import NIOPosix
import ShoppingService
import Synchronization

/// The lists that changed, pushed to every open event stream: whoever changed them — this
/// server, the command line, a cron import, another server — since every change is a history
/// entry in the database they share.
///
/// While at least one stream is open, a task asks the database for its newest history entry
/// every ``interval`` (one indexed lookup); when it moved on, the entries since say which lists
/// changed. With no stream open nothing runs at all.
final class ChangeFeed: Sendable {
  let service: ShoppingService
  let interval: Duration

  private struct State {
    var nextID = 0
    var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    var watcher: Task<Void, Never>?
    var finished = false
  }

  private let state = Mutex(State())

  init(service: ShoppingService, interval: Duration = .milliseconds(100)) {
    self.service = service
    self.interval = interval
  }

  /// The names of lists as they change, until the stream is dropped or ``finish()``.
  func subscribe() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingNewest(256))
    let id: Int? = state.withLock { state in
      guard !state.finished else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = continuation
      if state.watcher == nil { state.watcher = Task { [weak self] in await self?.watch() } }
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
    for subscriber in subscribers { subscriber.finish() }
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
    var seen = (try? await NIOThreadPool.singleton.runIfActive { try service.newestChange() }) ?? 0
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      if Task.isCancelled { break }
      let after = seen
      guard
        let (newest, lists) = try? await NIOThreadPool.singleton.runIfActive({
          try service.listsChanged(after: after)
        })
      else { continue }  // busy or briefly unreadable: asked again next time
      seen = newest
      guard !lists.isEmpty else { continue }
      let subscribers = state.withLock { Array($0.subscribers.values) }
      for list in lists {
        for subscriber in subscribers { subscriber.yield(list) }
      }
    }
  }
}
