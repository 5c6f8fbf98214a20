import Foundation

// MARK: - From async code

extension ShoppingStorage {
  /// ``write(_:)`` for async code: the transaction runs on a thread of its own, never on the
  /// cooperative pool, whose few threads must not wait for a lock or for the disk.
  ///
  /// ```swift
  /// let summaries = try await storage.write { transaction in
  ///   try transaction.execute(effects)
  ///   return try transaction.listSummaries()
  /// }
  /// ```
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T {
    try await offThePool { try self.write { try body($0) } }
  }

  /// ``read(_:)`` for async code, on a thread of its own like ``write(_:)-(_)``.
  public func read<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T {
    try await offThePool { try self.read { try body($0) } }
  }
}

/// Runs `work` on a thread of Dispatch's pool, off Swift's cooperative one.
private func offThePool<T: Sendable>(
  _ work: @escaping @Sendable () throws -> T
) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(with: Result { try work() })
    }
  }
}
