import Foundation

// MARK: - From async code

extension ShoppingStorage {
  /// ``write(_:)`` for async code: the transaction runs on one of ``StorageThreads``, never on
  /// Swift's shared pool, whose few threads must not wait for a lock or for the disk.
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
    try await StorageThreads.run { try self.write { try body($0) } }
  }

  /// ``read(_:)`` for async code, on one of ``StorageThreads`` like ``write(_:)-(_)``.
  public func read<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T {
    try await StorageThreads.run { try self.read { try body($0) } }
  }
}
