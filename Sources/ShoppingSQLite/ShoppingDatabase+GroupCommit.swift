import Foundation
import ShoppingStorage

/// Writers sharing one commit: the first to hold the connection begins the transaction, does
/// its own work, then the work of the writers that arrived meanwhile, each in a savepoint, and
/// commits for them all (see ``ConnectionGate``).
extension ShoppingDatabase {
  /// `BEGIN IMMEDIATE`, on the file this value opened.
  func beginWriting() throws {
    try connection.run("BEGIN IMMEDIATE")
    // A writer may have waited a long time for the lock: if meanwhile the file was deleted
    // or another one put in its place, writing would go to a file nobody will read again.
    if let fileIdentity, DatabaseFile.identity(of: path) != fileIdentity {
      connection.rollback()
      throw DatabaseError(
        reason: .fileReplaced, path: path, message: "the file is not the one that was opened"
      )
    }
  }

  /// One writer's work inside the open transaction, recorded in the history.
  func work<T>(_ body: (ShoppingRepository) throws -> T) throws -> T {
    let repository = ShoppingRepository(
      connection: connection, isWritable: true, loadedLists: loadedLists)
    defer { repository.close() }
    let result = try body(repository)
    // SQLite rolls a transaction back by itself after some failures (a full disk): what
    // the body did after that must not be committed piecemeal, nor reported as a success.
    if let abort = repository.abortingError { throw abort }
    try repository.journal(command: StorageJournal.defaultCommand, at: Date())
    if let list = repository.listToKeep {
      // As the database holds it now, history entry included; forgotten if this
      // transaction is rolled back after all (see ``hold(doing:on:)``).
      loadedLists.keep(list, at: try repository.stamp())
    }
    return result
  }

  /// With the connection held: begins a transaction, does `own` work in it, then the work
  /// that writers waiting in line left (see ``ConnectionGate``), and commits for them all.
  /// Returns once the commit is made; throws `own` work's error, or the error that lost the
  /// group's work.
  func hold(doing own: ConnectionGate.PendingWrite, on thread: UInt) throws {
    owner.store(thread, ordering: .relaxed)
    do {
      try beginWriting()
      // The first writer's work is the transaction's only work so far: no savepoint needed.
      try own.take()?()
    } catch {
      connection.rollback()
      loadedLists.forget()
      owner.store(0, ordering: .relaxed)
      gate.leave()
      throw error
    }
    var joined: [ConnectionGate.PendingWrite] = []
    var outcome: Result<Void, any Error> = .success(())
    while let next = gate.nextWrite(joining: joined.count + 1) {
      do {
        try connection.transaction(.savepoint) { try next.take()?() }
        joined.append(next)
      } catch {
        // Its savepoint is undone, perhaps after its work kept a list.
        loadedLists.forget()
        gate.fail(next, with: error)
        // SQLite rolls the whole transaction back after some failures (a full disk): every
        // writer's work in it is lost.
        guard connection.isInTransaction else {
          outcome = .failure(error)
          break
        }
      }
    }
    if case .success = outcome {
      do {
        try connection.run("COMMIT")
      } catch {
        connection.rollback()
        outcome = .failure(error)
      }
    }
    if case .failure = outcome { loadedLists.forget() }
    owner.store(0, ordering: .relaxed)
    gate.finish(joined, with: outcome)
    try outcome.get()
  }
}
