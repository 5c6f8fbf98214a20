import ShoppingCore
import ShoppingStorage

// MARK: - History, undo and redo

extension ShoppingService {
  /// Runs `body` in one write transaction and, if it changed anything, records a history
  /// entry labelled `label` in the same transaction: what changed and what it overwrote,
  /// enough to undo it. Every change a service makes goes through here.
  ///
  /// `member` is the name of the member of the household who made the change, if one did:
  /// the entry carries it (``ShoppingCore/HistoryEntry/by``).
  func journaledWrite<T>(
    _ label: String, by member: String? = nil, _ body: (any StorageTransaction) throws -> T
  ) throws -> T {
    try journaledWrite(labelling: { _ in label }, by: member, body)
  }

  /// ``journaledWrite(_:by:_:)`` with the entry's label made from what `body` returned (a web
  /// change is labelled with the item's name, known once its id is resolved).
  func journaledWrite<T>(
    labelling label: (T) -> String, by member: String? = nil,
    _ body: (any StorageTransaction) throws -> T
  ) throws -> T {
    try journaledWriteNumbered(labelling: label, by: member, body).result
  }

  /// ``journaledWrite(labelling:by:_:)`` that also gives the number of the history entry it
  /// recorded (`nil` when the change changed nothing, so recorded none): what a page needs to
  /// offer an undo of exactly that change.
  ///
  /// `listNames` gives the current names of the lists the change touched, when `body`'s result
  /// holds them (the list an intent changed), so that the entry's summary needs no second
  /// reading of the lists.
  func journaledWriteNumbered<T>(
    labelling label: (T) -> String, by member: String? = nil,
    listNames: (T) -> [ShoppingList.ID: String]? = { _ in nil },
    _ body: (any StorageTransaction) throws -> T
  ) throws -> (result: T, entry: Int?) {
    try storage.write { transaction in
      try journaled(body(transaction), in: transaction, labelling: label, by: member, listNames)
    }
  }

  /// ``journaledWriteNumbered(labelling:by:listNames:_:)`` from a task (see
  /// ``ShoppingStorage/ShoppingStorage/write(_:)-(_)``).
  func journaledWriteNumbered<T: Sendable>(
    labelling label: @escaping @Sendable (T) -> String, by member: String? = nil,
    listNames: @escaping @Sendable (T) -> [ShoppingList.ID: String]? = { _ in nil },
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> (result: T, entry: Int?) {
    let numbered = try await storage.write { [self] transaction in
      let (result, entry) = try journaled(
        body(transaction), in: transaction, labelling: label, by: member, listNames)
      return Numbered(result: result, entry: entry)
    }
    return (numbered.result, numbered.entry)
  }

  /// Records `result`'s change in `transaction` as a history entry; gives its number.
  private func journaled<T>(
    _ result: T, in transaction: any StorageTransaction, labelling label: (T) -> String,
    by member: String?, _ listNames: (T) -> [ShoppingList.ID: String]?
  ) throws -> (result: T, entry: Int?) {
    let entry = try transaction.journal(
      command: label(result), at: environment.now(), by: member, listNames: listNames(result))
    return (result, entry?.id)
  }

  /// The newest history entries first, at most `limit` of them.
  public func history(limit: Int = 20) throws -> [HistoryEntry] {
    try storage.read { try $0.history(limit: limit) }
  }

  /// Takes back one history entry entirely, in one transaction, and records that as an
  /// entry of its own: every list is then exactly as before the entry (the same items, ids,
  /// positions, fields and timestamps; lists in their places, with their default mark).
  ///
  /// - Parameters:
  ///   - id: The entry; by default the newest that is neither undone nor an undo.
  ///   - label: The new entry's label (the command as typed).
  ///   - member: The member of the household who asked for it, if one did.
  /// - Returns: The entry taken back, and the number of the new one.
  /// - Throws: ``HistoryError`` when there is nothing to undo, the entry is undone already,
  ///   a later entry in force changed the same items or lists, or the lists are no longer
  ///   as the undo needs them (a name it would give is taken); nothing is changed then.
  @discardableResult
  public func undo(
    _ id: Int? = nil, label: String = "undo", by member: String? = nil
  ) throws -> (undone: HistoryEntry, entry: Int) {
    try storage.write { repository in
      var links = try repository.historyLinks()
      let entry: HistoryEntry
      if let id {
        guard var found = links.entry(id) else { throw HistoryError.noSuchEntry(id) }
        guard links.isInForce(id) else {
          found.undoneBy = links.undoneBy[id]
          throw HistoryError.alreadyUndone(found)
        }
        entry = found
      } else {
        guard let found = links.newestUndoable() else { throw HistoryError.nothingToUndo }
        entry = found
      }
      let new = try revert(
        entry, as: .undo, naming: entry, label: label, by: member, links: links,
        repository: repository)
      links.append(new)
      try repository.storeUndoneMarks(links)
      return (entry, new.id)
    }
  }

  /// Re-applies the most recently undone entry, by taking back its undo; successive redos
  /// walk back through successive undos, and a change other than an undo or a redo ends
  /// them. The undos and redos since that change never stand in its way; other entries do,
  /// under the rule of `undo(_:label:)`.
  ///
  /// - Parameters:
  ///   - label: The command the new history entry shows.
  ///   - member: The member of the household who asked for it, if one did.
  /// - Returns: The entry re-applied, and the number of the new one.
  @discardableResult
  public func redo(
    label: String = "redo", by member: String? = nil
  ) throws -> (redone: HistoryEntry, entry: Int) {
    try storage.write { repository in
      var links = try repository.historyLinks()
      guard let undo = links.newestRedoable(), let target = undo.target,
        let original = links.entry(target)
      else { throw HistoryError.nothingToRedo }
      let new = try revert(
        undo, as: .redo, naming: original, label: label, by: member, links: links,
        repository: repository)
      links.append(new)
      try repository.storeUndoneMarks(links)
      return (original, new.id)
    }
  }

  /// Executes the inverse of `entry`'s change, after checking that no later entry in force
  /// stands in the way and that the inverse fits the lists as they are, and records it as a
  /// new entry: an undo of `entry`, or a redo of `shown` (the entry `entry` undid).
  ///
  /// The record is read a part at a time, newest first, and each part taken back before the
  /// next is read (see ``ShoppingCore/ChangeRecord/append(_:)``): taking back a large import
  /// holds one part of it, not all. A part that does not fit throws, and the transaction
  /// takes back the parts before it.
  private func revert(
    _ entry: HistoryEntry, as step: HistoryError.Step, naming shown: HistoryEntry,
    label: String, by member: String?, links: HistoryLinks, repository: any StorageTransaction
  ) throws -> HistoryEntry {
    if let other = links.obstacle(toTakingBack: entry) {
      throw HistoryError.takenBackAlready(step, shown, by: other)
    }
    // An entry that took back one made after this one cancels it out: neither stands in the
    // way. So do the undos and redos of one run, each cancelling the one it took back.
    let later = links.entries.filter { other in
      other.id > entry.id && links.isInForce(other.id)
        && (links.reverted(by: other).map { $0 < entry.id } ?? true)
    }
    if !later.isEmpty {
      let others = try repository.historyRecords(later.map(\.id)).map {
        ($0.entry, $0.change.touched)
      }
      // What each later entry conflicts with in any part: the first kind the whole would show.
      var conflicts: [Touched.Conflict?] = Array(repeating: nil, count: others.count)
      let found = try repository.historyParts(of: entry.id, newestFirst: true) { part in
        let touched = part.touched
        for (index, other) in others.enumerated() {
          if let conflict = touched.conflict(with: other.1) {
            conflicts[index] = conflicts[index].map { Touched.first($0, conflict) } ?? conflict
          }
        }
      }
      guard found else { throw HistoryError.noSuchEntry(entry.id) }
      if let index = conflicts.firstIndex(where: { $0 != nil }), let conflict = conflicts[index] {
        throw HistoryError.blocked(step, shown, by: others[index].0, conflict)
      }
    }
    let found = try repository.historyParts(of: entry.id, newestFirst: true) { part in
      var orders: [ShoppingList.ID: [Product.ID]] = [:]
      for listID in part.listsToRebase {
        orders[listID] = try repository.storedOrder(ofList: listID)
      }
      let inverse = try settled(part.inverse(rebasedOn: orders), undoing: entry.kind, repository)
      let check = RevertCheck(effects: inverse, undoing: part)
      if let problem = check.firstProblem(
        lists: try repository.listNames(), items: try repository.itemNames(check.itemNames),
        shops: try repository.shops().all.map { StoredName(id: $0.id, name: $0.name) })
      {
        throw HistoryError.cannotApply(step, shown, problem)
      }
      for batch in Self.batches(of: inverse) { try repository.execute(batch) }
    }
    guard found else { throw HistoryError.noSuchEntry(entry.id) }
    let recorded = try repository.journal(
      command: label, kind: step == .undo ? .undo : .redo, target: shown.id,
      at: environment.now(), by: member, always: true)
    guard let recorded else { throw HistoryError.noSuchEntry(entry.id) }
    return recorded
  }

  /// `effects` in batches of at most ``revertBatchSize`` effects or removed ids: storage
  /// writes the record of a batch away between batches, so that an undo of a record written
  /// whole (before records came in parts) holds a batch of the rows it removes, not all.
  static func batches(of effects: [PersistenceEffect]) -> [[PersistenceEffect]] {
    var batches: [[PersistenceEffect]] = []
    var batch: [PersistenceEffect] = []
    var size = 0
    func add(_ effect: PersistenceEffect, weighing weight: Int) {
      if size + weight > revertBatchSize, !batch.isEmpty {
        batches.append(batch)
        batch = []
        size = 0
      }
      batch.append(effect)
      size += weight
    }
    for effect in effects {
      guard case let .deleteProducts(ids) = effect else {
        add(effect, weighing: 1)
        continue
      }
      var start = ids.startIndex
      repeat {
        let end = min(start + revertBatchSize, ids.endIndex)
        add(.deleteProducts(Array(ids[start..<end])), weighing: end - start)
        start = end
      } while start < ids.endIndex
    }
    if !batch.isEmpty { batches.append(batch) }
    return batches
  }

  /// How many effects or removed ids an undo executes at a time.
  static let revertBatchSize = 10_000

  /// The inverse of an entry's change made to fit the lists as they are. A default list the
  /// change created is emptied rather than deleted: it exists as soon as anything looks for
  /// it, so deleting it would only make way for a new one. (One an undo brought back is
  /// deleted again when the undo is taken back: the user deleted it.) A list coming back
  /// takes the place of the default list when a look made that again since, empty; one that
  /// an undo kept (see ``ShoppingCore/ChangeRecord/inverse(rebasedOn:)``) is there already.
  private func settled(
    _ inverse: [PersistenceEffect], undoing kind: HistoryEntry.Kind,
    _ repository: any StorageTransaction
  ) throws -> [PersistenceEffect] {
    // Only list effects need the lists (which are counted afresh for each part taken back).
    guard inverse.contains(where: Self.isListEffect) else { return inverse }
    let lists = try repository.listSummaries()
    let marked = try repository.storedDefaultList()
    // Lists the inverse deletes itself (it brings the default list back where it had taken
    // its place): no other effect need make way.
    var deleted: Set<ShoppingList.ID> = []
    for case let .deleteList(id) in inverse { deleted.insert(id) }
    var settled: [PersistenceEffect] = []
    for effect in inverse {
      switch effect {
      case let .deleteList(id)
      where kind == .change && lists.contains { $0.id == id && Self.isDefaultList($0.name) }:
        continue
      case let .insertList(id, name, _), let .restoreList(id, name, _, _):
        // Kept when an undo took it away, as later changes had put items of their own in it.
        if lists.contains(where: { $0.id == id }) { continue }
        // Made by a look: empty, and marked by no one.
        if let existing = lists.first(where: {
          $0.id != id && !deleted.contains($0.id) && $0.items == 0 && $0.id != marked
            && Self.isDefaultList($0.name)
            && NameKey(lookingUp: $0.name) == NameKey(lookingUp: name)
        }) {
          settled.append(.deleteList(existing.id))
        }
        settled.append(effect)
      default:
        settled.append(effect)
      }
    }
    return settled
  }

  private static func isListEffect(_ effect: PersistenceEffect) -> Bool {
    switch effect {
    case .deleteList, .insertList, .restoreList: true
    default: false
    }
  }
}

/// A result and the number of the history entry that records it, as one value a task can
/// be handed.
private struct Numbered<T: Sendable>: Sendable {
  let result: T
  let entry: Int?
}
