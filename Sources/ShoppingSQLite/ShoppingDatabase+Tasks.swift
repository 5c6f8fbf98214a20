import Foundation
import ShoppingStorage

// MARK: - Writers that wait as tasks

extension ShoppingDatabase {
  /// ``write(_:)`` for async code, without a thread waiting: while another writer holds the
  /// connection, the task is suspended and its work left in line for that writer to do in its
  /// transaction (see `ConnectionGate`); when the connection is free, or handed to the task,
  /// a thread of the database's own holds it for the task. Either way the task resumes once
  /// the commit that holds its work is made.
  ///
  /// A server's requests write through here: each waits for the group's commit without a
  /// thread to wake, and the work of a group follows itself on the thread holding the
  /// connection.
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T {
    try checkWritable()
    let result = ResultSlot<T>()
    return try await withCheckedThrowingContinuation { continuation in
      let pending = ConnectionGate.PendingWrite(
        waiting: .task(
          hold: { [self] pending in holdingThread.hold(pending, for: self) },
          resume: { [self] outcome in
            continuation.resume(
              with: Result {
                try outcome.get()
                return try workResult(result.value)
              })
          })
      ) { result.value = try self.work(body) }
      if gate.enterWriting(pending) != nil {
        holdingThread.hold(pending, for: self)
      }
    }
  }

  /// Holds the connection for a writer that waits as a task: does its work and the work of
  /// those waiting behind it, commits, and resumes it.
  func hold(forTask pending: ConnectionGate.PendingWrite, on thread: UInt) {
    do {
      try hold(doing: pending, on: thread)
      pending.end(.done(.success(())))
    } catch {
      pending.end(.done(.failure(error)))
    }
  }
}

/// What a task's work returned, set by the thread that did it before the task resumes.
private final class ResultSlot<T>: @unchecked Sendable {
  var value: T?
}
