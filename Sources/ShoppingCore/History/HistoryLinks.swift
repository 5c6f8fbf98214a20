/// How the entries of the history take one another back, and so which are in force.
///
/// Every undo and every redo takes back one entry: an undo its target (a change, an undo or a
/// redo), a redo the undo it re-applies the target of. An entry is in force while no entry in
/// force takes it back: after `add; undo; redo` the redo is in force, so the undo is not, so
/// the add is again. What is in force follows from the entries alone, so the marks
/// (``HistoryEntry/undoneBy``) are worked out from them afresh after every undo and redo,
/// however long the run of undos and redos before.
///
/// ```swift
/// let links = HistoryLinks(try repository.historyLinks())
/// let undoable = links.newestUndoable()
/// ```
public struct HistoryLinks: Sendable {
  /// The entries, oldest first.
  public private(set) var entries: [HistoryEntry]
  /// Where each entry is in ``entries``.
  private var index: [Int: Int] = [:]
  /// The undos of each entry, oldest first.
  private var undos: [Int: [Int]] = [:]
  /// The entries that take back each entry.
  private var revertors: [Int: [Int]] = [:]
  /// For each entry taken back by an entry in force, the newest such entry.
  public private(set) var undoneBy: [Int: Int] = [:]

  /// The links between `entries` (in any order; their marks are not read).
  public init(_ entries: [HistoryEntry]) {
    self.entries = entries.sorted { $0.id < $1.id }
    for (position, entry) in self.entries.enumerated() { note(entry, at: position) }
    undoneBy = markUndone()
  }

  /// The entry numbered `id`, if the history has it.
  public func entry(_ id: Int) -> HistoryEntry? {
    index[id].map { entries[$0] }
  }

  /// Whether the entry `id` is in force: no entry in force takes it back.
  public func isInForce(_ id: Int) -> Bool {
    undoneBy[id] == nil
  }

  /// The entry that `entry` takes back: an undo's target; for a redo, the undo it took back,
  /// the newest undo of the same target before it (no other undo of that target can come
  /// between them, as the target stays undone from one to the other). `nil` for a change.
  public func reverted(by entry: HistoryEntry) -> Int? {
    guard let target = entry.target else { return nil }
    switch entry.kind {
    case .change: return nil
    case .undo: return target
    case .redo: return undos[target]?.last { $0 < entry.id }
    }
  }

  /// An entry in force that stands in the way of taking back `entry`, as far as the entries
  /// themselves tell: taking it back brings back in force what it took back, which takes back
  /// again what that one took back, and so on down the line. An entry in force that takes
  /// one of those back on its own (two undos of one change, the first redone before the
  /// second was made) would leave it taken back twice, or not brought back at all. Changes
  /// that touch the same items stand in the way as it is; this catches those that touch
  /// nothing (an undo of making the default list, which stays).
  public func obstacle(toTakingBack entry: HistoryEntry) -> HistoryEntry? {
    var previous = entry
    while let id = reverted(by: previous), let next = self.entry(id) {
      if let other = revertors[id]?.last(where: { $0 != previous.id && isInForce($0) }) {
        return self.entry(other)
      }
      previous = next
    }
    return nil
  }

  /// The newest entry in force that is not an undo: what `undo` takes back by default.
  public func newestUndoable() -> HistoryEntry? {
    entries.last { $0.kind != .undo && isInForce($0.id) }
  }

  /// The undo that `redo` takes back: the newest undo in force, made since the newest change
  /// (a change ends a run of undos and redos), whose target it still keeps undone.
  /// Successive redos so walk back through successive undos.
  public func newestRedoable() -> HistoryEntry? {
    for entry in entries.reversed() {
      if entry.kind == .change { return nil }
      if entry.kind == .undo, isInForce(entry.id), let target = entry.target,
        undoneBy[target] == entry.id
      {
        return entry
      }
    }
    return nil
  }

  /// Adds an entry just made.
  public mutating func append(_ entry: HistoryEntry) {
    note(entry, at: entries.count)
    entries.append(entry)
    undoneBy = markUndone()
  }

  private mutating func note(_ entry: HistoryEntry, at position: Int) {
    index[entry.id] = position
    if entry.kind == .undo, let target = entry.target {
      undos[target, default: []].append(entry.id)
    }
    if let reverted = reverted(by: entry) { revertors[reverted, default: []].append(entry.id) }
  }

  /// Newest first: an entry in force takes back its entry unless a newer one in force
  /// already does. Entries are taken back only by later ones, so each entry's own state is
  /// settled before it is reached.
  private func markUndone() -> [Int: Int] {
    var marks: [Int: Int] = [:]
    for entry in entries.reversed() where marks[entry.id] == nil {
      if let reverted = reverted(by: entry), marks[reverted] == nil {
        marks[reverted] = entry.id
      }
    }
    return marks
  }
}
