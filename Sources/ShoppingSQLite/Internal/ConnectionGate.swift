import Foundation

/// Who may use a ``ShoppingDatabase``'s one connection, and the write transaction that
/// writers arriving together share: a group commit.
///
/// A commit in write-ahead-log mode waits for the log to reach the disk, and one flush costs
/// far more than a small change. So when a writer finishes its work while another writer is
/// already waiting for the connection, it does not commit: it hands the open transaction on
/// and waits. The next writer does its work in a savepoint of that transaction, and so on; the
/// last one, finding nobody waiting, commits for the whole group with one flush, and only
/// then does every writer of the group return. Each writer's work stays its own: its own
/// savepoint (undone alone when it fails) and its own history entry.
///
/// Readers never see a group's work before it is committed: they wait while a group is open,
/// and a writer that finds a reader waiting commits instead of handing on, as it does once a
/// group holds ``groupLimit`` writers.
final class ConnectionGate: @unchecked Sendable {
  /// A write transaction open on the connection, not yet committed, and the writers whose
  /// work it holds.
  final class Group: @unchecked Sendable {
    /// Writers whose work is done, each waiting for the commit. Only used under the gate's
    /// lock.
    fileprivate var waiting: [DispatchSemaphore] = []
    /// How the commit ended, once it has: every writer of the group returns or throws by it.
    /// Set under the gate's lock, before the writers are woken.
    fileprivate var outcome: Result<Void, any Error>?
  }

  /// Who waits for the connection: each is woken alone, when it is its turn.
  private struct Waiter {
    let isWriter: Bool
    let turn = DispatchSemaphore(value: 0)
  }

  private struct State {
    /// Whether a transaction uses the connection now, or it has been handed to a waiter.
    var busy = false
    /// The open group, between one writer handing it on and the next taking it.
    var group: Group?
    /// In the order they came.
    var waiters: [Waiter] = []

    var writersWaiting: Int { waiters.count { $0.isWriter } }
    var readersWaiting: Bool { waiters.contains { !$0.isWriter } }
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

  /// Waits for the connection, to write: returns the group to go on with (the caller works in
  /// a savepoint of its transaction), or `nil` when the caller begins a transaction itself and
  /// then ``open()``s a group.
  func enterWriting() -> Group? {
    waitForTurn(asWriter: true)
    return withState { $0.group }
  }

  /// Waits for the connection when nothing uncommitted is on it: to read, or for work that
  /// needs the connection alone.
  func enterAlone() {
    waitForTurn(asWriter: false)
  }

  /// Takes the connection at once when it is free — for one who does not write, with no group
  /// open either — or waits in line until it is handed over.
  private func waitForTurn(asWriter isWriter: Bool) {
    let waiter: Waiter? = withState { state in
      guard state.busy || (!isWriter && state.group != nil) else {
        state.busy = true
        return nil
      }
      let waiter = Waiter(isWriter: isWriter)
      state.waiters.append(waiter)
      return waiter
    }
    waiter?.turn.wait()
  }

  /// Gives the connection back, with no group open (after a read, or a writer that failed
  /// before one was).
  func leave() {
    withState { state in Self.passOn(&state) }
  }

  /// Makes the transaction the caller just began the open group.
  func open() -> Group {
    let opened = Group()
    withState { $0.group = opened }
    return opened
  }

  /// What became of the open transaction after a writer's work.
  enum Turn {
    /// Another writer has it now, and the writer waits on `commit` (when its work is in the
    /// group) for the group's commit: it must not touch the connection again.
    case handedOn(commit: DispatchSemaphore?)
    /// The caller still holds it: it must commit the group (or roll it back) and
    /// ``finish(_:with:)`` it.
    case kept
  }

  /// After a writer's work in `group` is done (`joining`: it waits for the commit) or undone
  /// (it does not): hands the transaction on when another writer is waiting for it, no reader
  /// is, and the group has room.
  func handOn(_ group: Group, joining: Bool) -> Turn {
    withState { state in
      guard !state.readersWaiting, group.waiting.count < Self.groupLimit,
        let next = state.waiters.firstIndex(where: \.isWriter)
      else { return .kept }
      let commit = joining ? DispatchSemaphore(value: 0) : nil
      if let commit { group.waiting.append(commit) }
      state.waiters.remove(at: next).turn.signal()
      return .handedOn(commit: commit)
    }
  }

  /// Whether writers of `group` wait for its commit: if not, a caller left alone with it may
  /// roll it back rather than commit it.
  func hasWaiting(_ group: Group) -> Bool {
    withState { _ in !group.waiting.isEmpty }
  }

  /// Waits on `commit` (what ``handOn(_:joining:)`` gave) until `group` is committed or has
  /// failed, and says which.
  func awaitCommit(of group: Group, on commit: DispatchSemaphore) -> Result<Void, any Error> {
    commit.wait()
    return withState { _ in group.outcome ?? .success(()) }
  }

  /// Ends `group` — committed, or failed with every writer's work lost — wakes its writers
  /// and gives the connection back.
  func finish(_ group: Group, with outcome: Result<Void, any Error>) {
    withState { state in
      group.outcome = outcome
      for writer in group.waiting { writer.signal() }
      group.waiting = []
      if state.group === group { state.group = nil }
      Self.passOn(&state)
    }
  }

  /// Writers waiting for the connection now (for tests that line writers up).
  var writersWaiting: Int {
    withState { $0.writersWaiting }
  }

  /// Whether a reader waits for the connection now (for tests).
  var readerWaiting: Bool {
    withState { $0.readersWaiting }
  }

  /// Hands the connection, with no group open, to whoever has waited longest, or frees it.
  private static func passOn(_ state: inout State) {
    guard !state.waiters.isEmpty else {
      state.busy = false
      return
    }
    state.waiters.removeFirst().turn.signal()
  }
}
