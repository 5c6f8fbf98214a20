import Foundation
import ShoppingCore

// MARK: - Journaling

extension StorageTransaction {
  /// Records what this transaction's effects changed since its last entry as a history
  /// entry, in this transaction: nothing when they changed nothing (unless `always`).
  ///
  /// Every write transaction ends with this call (labelled with the program's name, see
  /// ``StorageJournal/defaultCommand``), so no change goes unrecorded; a caller that knows
  /// better what the change was (`add Milk`, `undo`) calls it first.
  ///
  /// ```swift
  /// try storage.write { transaction in
  ///   try transaction.execute(effects)
  ///   try transaction.journal(command: "add Milk", at: .now)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - command: What the entry is called: the command as typed, `web: check Milk`.
  ///   - kind: A change, or an undo or redo of the entry `target`.
  ///   - target: The entry an undo or redo takes back.
  ///   - date: When the change was made.
  ///   - member: The member of the household who made it, if one did.
  ///   - always: Whether to record an entry even when nothing changed (an undo whose effects
  ///     all turned out to be needless is still an undo).
  ///   - names: The current names of the lists the change touched, when the caller holds
  ///     them (the state it just changed); otherwise they are read.
  /// - Returns: The new entry, or `nil` when there was nothing to record.
  @discardableResult
  public func journal(
    command: String, kind: HistoryEntry.Kind = .change, target: Int? = nil, at date: Date,
    by member: String? = nil, always: Bool = false,
    listNames names: [ShoppingList.ID: String]? = nil
  ) throws(DatabaseError) -> HistoryEntry? {
    let recorded = recordedSummary
    guard always || !recorded.isEmpty else { return nil }
    var known = names ?? [:]
    if names == nil { known = try currentListNames() }
    let summary = recorded.text(listNames: known)
    let id = try appendHistory(
      command: command, summary: summary, kind: kind, target: target, at: date, by: member,
      change: recordedChange)
    restartRecording()
    return HistoryEntry(
      id: id, at: date, command: command, summary: summary, kind: kind, target: target,
      by: member)
  }

  private func currentListNames() throws(DatabaseError) -> [ShoppingList.ID: String] {
    var names: [ShoppingList.ID: String] = [:]
    for list in try loadState(loadingListsNamed: []).lists {
      names[list.id] = list.name
    }
    return names
  }
}

/// What storage records of a write nobody labelled.
public enum StorageJournal {
  /// The label of the history entry for a change that a program made without naming it (a
  /// `Composable/Store` of its own over a transaction): the program's name.
  public static let defaultCommand: String = {
    let path = CommandLine.arguments.first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "program" : name
  }()
}
