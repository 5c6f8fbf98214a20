import Synchronization

/// The runtime of a feature: it owns the state, runs the reducer for each action, has the
/// effects executed, and tells observers about every committed change.
///
/// `send` is transactional. The reducer runs, the effects go to the executor, and only if both
/// succeed does the new state count as committed; after any failure the state is what it was
/// before the send and the error reaches the caller. The in-memory state therefore never drifts
/// from what the executor (a database, say) holds.
///
/// ```swift
/// let store = Store(initialState: 0, reducer: Counter(), executor: recorder.executor)
/// try store.send(.incrementTapped)
/// store.state  // 1
/// ```
///
/// ## Copy-on-write
/// Reducing a *copy* of the state and adopting it on success would look simplest, but the copy
/// shares its buffers with the kept original, so the first mutation duplicates the whole
/// collection it touches: a single-item action on a 10,000-item list would copy 10,000 items,
/// and an import sent row by row would be quadratic. The store therefore reduces the state *in
/// place*, where the buffers are uniquely referenced and mutate without copying, and restores the
/// previous state only on failure, as its ``Recovery`` says: by reloading it from the source of
/// truth (O(1) per successful send), or from a snapshot taken before the send (simple, but it
/// pays the copy described above on every send).
///
/// ## Concurrency
/// A `Store` is `Sendable`: its state lives behind a mutex, and sends from several threads or
/// tasks run one at a time, each seeing the state the previous one committed. Observers are
/// called after the lock is released, strictly in the order of the commits, each commit
/// once: every observer ends on the last committed state, however sends race. While one
/// thread is calling observers, a commit made on another is queued and called by that thread,
/// so a `send` may return before its observers have heard of it; an observer may read
/// ``state`` and may even send (its commit is delivered after the current one).
public final class Store<State: Sendable, Action: Sendable, Effect: Sendable>: Sendable {
  /// How a store gets back to its last committed state after a failed send.
  public enum Recovery: Sendable {
    /// Reload the state from the source of truth after a failure. Sends mutate in place and
    /// never copy the state.
    ///
    /// When the reload fails too, the store cannot know its committed state: it holds
    /// `unavailable` (a state that claims nothing, such as an empty one) rather than the
    /// half-changed state the failed send left, and reloads again before the next send.
    case reload(unavailable: State, load: @Sendable () throws -> State)
    /// Keep a copy of the state during each send and restore it after a failure. Each send pays
    /// for a copy of whatever the action mutates.
    case snapshot
  }

  private typealias Observer = @Sendable (State) -> Void

  private struct Storage {
    var state: State
    var observers: [Int: Observer] = [:]
    var nextObserverID = 0
    /// Set when a failure could not be undone; the next send reloads before anything else.
    var needsReload = false
  }

  /// Commits waiting to be told to their observers, oldest first, and whether a thread is
  /// telling them.
  private struct Deliveries {
    var queue: [(state: State, observers: [Observer])] = []
    var isDelivering = false
  }

  private let reducer: @Sendable (inout State, Action) throws -> [Effect]
  private let executor: EffectExecutor<Effect>
  private let recovery: Recovery
  private let storage: Mutex<Storage>
  private let deliveries = Mutex(Deliveries())

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The committed state to start from.
  ///   - reducer: The feature's reducer.
  ///   - executor: Performs each send's effects, all or nothing.
  ///   - recovery: How to restore the state after a failed send; see ``Recovery``.
  public init<R: Reducer & Sendable>(
    initialState: State,
    reducer: R,
    executor: EffectExecutor<Effect> = .discarding,
    recovery: Recovery = .snapshot
  ) where R.State == State, R.Action == Action, R.Effect == Effect {
    self.reducer = { state, action in try reducer.reduce(into: &state, action: action) }
    self.executor = executor
    self.recovery = recovery
    self.storage = Mutex(Storage(state: initialState))
  }

  /// The last committed state.
  public var state: State {
    storage.withLock { $0.state }
  }

  /// Sends an action: reduces it, executes its effects, and commits the new state.
  ///
  /// - Parameter action: What happened, or what the user asked for.
  /// - Returns: The effects that were executed.
  /// - Throws: The reducer's or the executor's error, with the state left as it was.
  @discardableResult
  public func send(_ action: Action) throws -> [Effect] {
    let effects = try storage.withLock { storage -> [Effect] in
      if storage.needsReload {
        try reload(&storage)
      }
      let effects: [Effect]
      switch recovery {
      case .snapshot:
        let snapshot = storage.state
        do {
          effects = try reducer(&storage.state, action)
          try executor.execute(effects)
        } catch {
          storage.state = snapshot
          throw error
        }
      case let .reload(unavailable, _):
        do {
          effects = try reducer(&storage.state, action)
          try executor.execute(effects)
        } catch {
          storage.needsReload = true
          do {
            try reload(&storage)
          } catch {
            // Never the half-changed state: one that claims nothing until a reload works.
            storage.state = unavailable
          }
          throw error
        }
      }
      if !storage.observers.isEmpty {
        // Queued while the state is still locked, so commits queue in the order they happen.
        let observers = Array(storage.observers.values)
        deliveries.withLock { $0.queue.append((storage.state, observers)) }
      }
      return effects
    }
    deliverQueuedCommits()
    return effects
  }

  /// Tells observers about the queued commits, in order, unless another thread is doing so
  /// already (it will tell them about this thread's commits too).
  private func deliverQueuedCommits() {
    let mine = deliveries.withLock { deliveries -> Bool in
      guard !deliveries.isDelivering, !deliveries.queue.isEmpty else { return false }
      deliveries.isDelivering = true
      return true
    }
    guard mine else { return }
    while let next = deliveries.withLock({ deliveries -> (State, [Observer])? in
      guard !deliveries.queue.isEmpty else {
        deliveries.isDelivering = false
        return nil
      }
      return deliveries.queue.removeFirst()
    }) {
      next.1.forEach { $0(next.0) }
    }
  }

  private func reload(_ storage: inout Storage) throws {
    guard case let .reload(_, load) = recovery else { return }
    storage.state = try load()
    storage.needsReload = false
  }

  /// Calls `observer` with the committed state after every successful send, never after a
  /// failed one, until the returned token is cancelled or released.
  ///
  /// ```swift
  /// let token = store.observe { state in print(state.count) }
  /// ```
  public func observe(_ observer: @escaping @Sendable (State) -> Void) -> ObservationToken {
    let id = storage.withLock { storage in
      let id = storage.nextObserverID
      storage.nextObserverID += 1
      storage.observers[id] = observer
      return id
    }
    return ObservationToken { [weak self] in
      _ = self?.storage.withLock { $0.observers.removeValue(forKey: id) }
    }
  }

  /// The committed states, one after every successful send, starting after the call.
  ///
  /// The stream keeps only the newest state a slow consumer has not read yet.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: .bufferingNewest(1)
    )
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }
}

/// Keeps an observation of a ``Store`` alive; cancelling or releasing it ends the observation.
public final class ObservationToken: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(onCancel)
  }

  /// Ends the observation. Calling it again does nothing.
  public func cancel() {
    let cancel = onCancel.withLock { action -> (@Sendable () -> Void)? in
      defer { action = nil }
      return action
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}
