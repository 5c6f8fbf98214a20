import Foundation

/// Who may use a ``ShoppingDatabase``'s one connection, and the write transaction that
/// writers arriving together share: a group commit.
///
/// A commit in write-ahead-log mode waits for the log to reach the disk, and one flush costs
/// far more than a small change. So a writer that arrives while another holds the connection
/// does not wait for its turn: it leaves its work (a ``PendingWrite``) in line and sleeps. The
/// writer holding the connection, once its own work is done, takes the work left in line and
/// does it too, each piece in a savepoint of its transaction, then commits for the whole group
/// with one flush and wakes the writers whose work the commit holds. Each writer's work stays
/// its own: its own savepoint (undone alone when it fails) and its own history entry; and no
/// writer returns before the commit that holds its work.
///
/// Doing the work on the thread that already holds the connection, rather than handing the
/// transaction from thread to thread, means each waiting writer sleeps once and is woken
/// once, and the work of a group follows itself on one thread with nothing in between.
///
/// Readers never see a group's work before it is committed: a reader waits for its turn, and
/// the writer holding the connection takes no more work from the line once a reader waits
/// in it, nor once its group holds ``groupLimit`` writers.
final class ConnectionGate: @unchecked Sendable {
  /// One writer's work, left in line while another writer holds the connection.
  final class PendingWrite: @unchecked Sendable {
    /// How the writer waits, and hears that its wait is over.
    enum Waiting {
      /// On its own thread, which sleeps until ``entry`` is set.
      case thread
      /// As a suspended task, which has no thread to hold the connection with: when the
      /// connection is handed to it, `hold` has it held on its behalf; when its work is done,
      /// `resume` gets the outcome.
      case task(
        hold: @Sendable (PendingWrite) -> Void,
        resume: @Sendable (Result<Void, any Error>) -> Void)
    }

    /// The work, run inside the open write transaction by the thread that holds the
    /// connection: the writer's own thread, if it has one, sleeps meanwhile. Taken
    /// (``take()``) by whoever runs it, so that nothing keeps it once it has run.
    private var work: (() throws -> Void)?
    fileprivate let waiting: Waiting
    /// Why a writer waiting on its thread woke. Set under the gate's lock, before the wake.
    fileprivate var entry: Entry?
    /// What a writer waiting on its thread sleeps on: made under the gate's lock when it
    /// lines up, and only then (a command's one write never waits).
    fileprivate var wake: DispatchSemaphore?

    init(waiting: Waiting, _ work: @escaping () throws -> Void) {
      self.waiting = waiting
      self.work = work
    }

    /// The work, to run once: a second call returns nothing.
    func take() -> (() throws -> Void)? {
      defer { work = nil }
      return work
    }

    /// Ends the writer's wait (under the gate's lock, or by whoever holds the connection for
    /// it).
    func end(_ entry: Entry) {
      switch waiting {
      case .thread:
        self.entry = entry
        wake?.signal()
      case let .task(hold, resume):
        switch entry {
        case .holding: hold(self)
        case let .done(outcome): resume(outcome)
        }
      }
    }

    /// Waits on the writer's thread until ``end(_:)``; `nil` for a task.
    fileprivate func waitOnThread() -> Entry? {
      guard case .thread = waiting, let wake else { return nil }
      wake.wait()
      return entry
    }
  }

  /// Who waits in line for the connection, in the order they came.
  private enum Waiter {
    /// A writer whose work the holder may do, or who is handed the connection.
    case writer(PendingWrite)
    /// One who needs the connection alone, with nothing uncommitted on it: woken when it is
    /// its turn.
    case alone(DispatchSemaphore)
  }

  private struct State {
    /// Whether someone holds the connection (or it has been handed to a waiter).
    var busy = false
    /// In the order they came.
    var waiters: [Waiter] = []

    var writersWaiting: Int {
      waiters.count { if case .writer = $0 { true } else { false } }
    }
    var readersWaiting: Bool {
      waiters.contains { if case .alone = $0 { true } else { false } }
    }
  }

  /// How many writers share one commit at most, so that readers are not kept waiting long.
  static let groupLimit = 64

  /// A plain lock rather than a spinning one: many threads may wait here on few cores.
  private let lock = NSLock()
  /// Only used under `lock`.
  private var unguardedState = State()

  private func withState<T>(_ body: (inout State) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&unguardedState)
  }

  /// How a writer's wait at the gate ended.
  enum Entry {
    /// The caller holds the connection: it begins a transaction, does its own work, and may
    /// take others' (``nextWrite(joining:)``) before it commits and ``finish(_:with:)``es.
    case holding
    /// Another writer did the caller's work, and this is how it ended: committed, or failed
    /// (the work's own error, or the commit's). The caller must not touch the connection.
    case done(Result<Void, any Error>)
  }

  /// Takes the connection for `pending`'s writer when it is free; otherwise leaves `pending`
  /// in line until its work is done by the writer holding the connection, or the connection
  /// is handed to it. A writer on a thread waits here for that; a task returns at once
  /// (`nil`), and hears of it through its ``PendingWrite/Waiting/task(hold:resume:)``.
  func enterWriting(_ pending: PendingWrite) -> Entry? {
    let waits = withState { state in
      guard state.busy else {
        state.busy = true
        return false
      }
      if case .thread = pending.waiting { pending.wake = DispatchSemaphore(value: 0) }
      state.waiters.append(.writer(pending))
      return true
    }
    guard waits else { return .holding }
    return pending.waitOnThread()
  }

  /// Waits for the connection when nothing uncommitted is on it: to read, or for work that
  /// needs the connection alone.
  func enterAlone() {
    let turn: DispatchSemaphore? = withState { state in
      guard state.busy else {
        state.busy = true
        return nil
      }
      let turn = DispatchSemaphore(value: 0)
      state.waiters.append(.alone(turn))
      return turn
    }
    turn?.wait()
  }

  /// The next writer's work for the holder to do in its open transaction, which holds
  /// `joining` writers already (the holder included): `nil` — commit now — when nobody's work
  /// waits, a reader waits, or the group is full.
  func nextWrite(joining: Int) -> PendingWrite? {
    withState { state in
      guard joining < Self.groupLimit, !state.readersWaiting,
        case let .writer(next) = state.waiters.first
      else { return nil }
      state.waiters.removeFirst()
      return next
    }
  }

  /// Ends the wait of a writer whose work the holder did and undid (it failed): the writer
  /// returns at once with its error, its work in no commit.
  func fail(_ pending: PendingWrite, with error: any Error) {
    withState { _ in pending.end(.done(.failure(error))) }
  }

  /// After the holder's commit (or its failure, which loses every writer's work): wakes the
  /// writers whose work the transaction held, with how it ended, and passes the connection on.
  func finish(_ joined: [PendingWrite], with outcome: Result<Void, any Error>) {
    withState { state in
      for writer in joined { writer.end(.done(outcome)) }
      Self.passOn(&state)
    }
  }

  /// Gives the connection back, with nothing uncommitted on it (after a read, or a writer
  /// whose own work failed).
  func leave() {
    withState { state in Self.passOn(&state) }
  }

  /// Writers waiting for the connection now (for tests that line writers up).
  var writersWaiting: Int {
    withState { $0.writersWaiting }
  }

  /// Whether a reader waits for the connection now (for tests).
  var readerWaiting: Bool {
    withState { $0.readersWaiting }
  }

  /// Hands the connection to whoever has waited longest — a writer then begins a transaction
  /// of its own — or frees it.
  private static func passOn(_ state: inout State) {
    guard !state.waiters.isEmpty else {
      state.busy = false
      return
    }
    switch state.waiters.removeFirst() {
    case let .writer(pending):
      pending.end(.holding)
    case let .alone(turn):
      turn.signal()
    }
  }
}
