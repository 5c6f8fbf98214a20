import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite

/// One import, applied in one write transaction: the target list is created if missing, then
/// the reader's batches go to the core's import actions as they are read, and the transaction
/// commits only if every row was valid (or `--skip-invalid` said to leave the bad ones out)
/// and this is not a dry run.
///
/// Memory: one batch of rows is in flight at a time; what stays is the state of the lists the
/// rows go to, the import's bookkeeping (per item touched), and the first bad rows.
struct Importer {
  /// What an import did, or would do.
  struct Outcome: Equatable {
    var summary: ImportSummary
    var issues: ImportIssues
  }

  /// Rows were bad and `--skip-invalid` was not given: nothing was written.
  struct InvalidRows: Error {
    let issues: ImportIssues
  }

  /// Rolls a dry run back once its outcome is known.
  private struct DryRun: Error {
    let outcome: Outcome
  }

  let context: CommandContext
  /// The input as messages name it.
  let file: String
  let options: ImportOptions
  let dryRun: Bool
  let skipInvalid: Bool

  /// Runs the import.
  ///
  /// - Parameters:
  ///   - reader: The rows.
  ///   - database: The database to import into.
  ///   - progress: Called after each batch with the bytes and rows read so far.
  /// - Throws: ``InvalidRows``, ``ImportError`` for an input that cannot be read on, or the
  ///   database's and the domain's errors; nothing is written then.
  func run(
    _ reader: inout any ImportReader, into database: ShoppingDatabase,
    progress: (_ bytes: Int, _ rows: Int) -> Void
  ) throws -> Outcome {
    do {
      return try database.write { repository in
        let outcome = try apply(&reader, repository: repository, progress: progress)
        if !outcome.issues.isEmpty, !skipInvalid { throw InvalidRows(issues: outcome.issues) }
        if dryRun { throw DryRun(outcome: outcome) }
        return outcome
      }
    } catch let dryRun as DryRun {
      return dryRun.outcome
    }
  }

  private func apply(
    _ reader: inout any ImportReader, repository: ShoppingRepository,
    progress: (Int, Int) -> Void
  ) throws -> Outcome {
    let store = try context.makeStore(repository, loadingListsNamed: [options.targetList])
    if store.state.list(named: options.targetList) == nil {
      try store.send(.createList(named: options.targetList))
    }
    try store.send(.startImport(options))
    var issues = ImportIssues()
    var rowsRead = 0
    while let batch = try reader.nextBatch() {
      batch.errors.forEach { issues.record($0) }
      if !batch.rows.isEmpty {
        try loadLists(namedBy: batch.rows, store: store, repository: repository)
        let rows = try withoutForeignIDs(batch.rows, store: store, repository: repository)
        try store.send(.importRows(rows))
      }
      rowsRead += batch.count
      progress(reader.bytesRead, rowsRead)
    }
    try store.send(.finishImport)
    guard let finished = store.state.importProgress, var summary = finished.summary else {
      throw ShoppingError.noImportInProgress
    }
    issues.record(rejected: finished.rejected, count: finished.rejectedCount, file: file)
    summary.invalid = issues.count
    return Outcome(summary: summary, issues: issues)
  }

  /// Loads the lists the rows go to that exist but are not loaded yet: the reducer applies
  /// rows only to loaded lists.
  ///
  /// The state is read in a closure of its own: a copy kept alive across the next send would
  /// make that send copy what it changes.
  private func loadLists(
    namedBy rows: [ImportRow], store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    repository: ShoppingRepository
  ) throws {
    var names: [String: String] = [:]
    for row in rows {
      guard let list = row.list else { continue }
      names[Naming.key(list)] = list
    }
    guard !names.isEmpty else { return }
    let missing: [String] = {
      let state = store.state
      return names.values.filter { state.list(named: $0).map { !$0.isLoaded } ?? false }
    }()
    guard !missing.isEmpty else { return }
    try store.send(.listsLoaded(try repository.loadLists(named: missing)))
  }

  /// The rows with the ids dropped that belong to items of lists the state has not loaded.
  ///
  /// Product ids are unique across lists. The reducer already treats an id of another loaded
  /// list as no match; an id of a list that is not loaded can only be seen in the database, and
  /// is treated the same way: the row matches by name, and a new item gets a fresh id.
  private func withoutForeignIDs(
    _ rows: [ImportRow], store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    repository: ShoppingRepository
  ) throws -> [ImportRow] {
    let unknown: [UUID] = {
      let lists = store.state.lists
      return rows.compactMap(\.id).filter { id in
        !lists.contains { $0.products[id: id] != nil }
      }
    }()
    guard !unknown.isEmpty else { return rows }
    let foreign = try repository.existingProductIDs(among: unknown)
    guard !foreign.isEmpty else { return rows }
    return rows.map { row in
      var row = row
      if let id = row.id, foreign.contains(id) { row.id = nil }
      return row
    }
  }
}
