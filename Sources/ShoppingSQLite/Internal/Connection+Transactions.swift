// MARK: - Transactions

extension Connection {
  /// How ``transaction(_:_:)`` begins.
  enum TransactionKind {
    /// A read transaction (`BEGIN DEFERRED`): a snapshot, taking no write lock.
    case read
    /// A write transaction (`BEGIN IMMEDIATE`): the write lock is taken at once, so a writer
    /// waits for others at the start rather than failing half-way.
    case write
    /// A savepoint inside the open transaction: undone alone when its body fails, the
    /// transaction going on as if it had not happened.
    case savepoint
  }

  /// Runs `body` in a transaction or savepoint: committed (released) when it returns, rolled
  /// back when it throws. The one way this module opens a transaction.
  func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
    switch kind {
    case .read: try run("BEGIN DEFERRED")
    case .write: try run("BEGIN IMMEDIATE")
    case .savepoint: try run("SAVEPOINT nested")
    }
    let result: T
    do {
      result = try body()
    } catch {
      if kind == .savepoint {
        // SQLite may have rolled the whole transaction back already (a full disk).
        if isInTransaction {
          try? run("ROLLBACK TO nested")
          try? run("RELEASE nested")
        }
      } else {
        rollback()
      }
      throw error
    }
    do {
      try run(kind == .savepoint ? "RELEASE nested" : "COMMIT")
    } catch {
      if kind != .savepoint { rollback() }
      throw error
    }
    return result
  }

  /// Rolls back the open transaction, if SQLite has not already done so.
  func rollback() {
    guard isInTransaction else { return }
    // A failed rollback leaves nothing better to do; SQLite rolls back when the file reopens.
    try? run("ROLLBACK")
  }
}
