import ShoppingCore
import ShoppingStorage

/// Why an undo or a redo was refused. Nothing was changed.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
  /// No entry is left to undo.
  case nothingToUndo
  /// No undone entry is left to redo: none was undone since the last change.
  case nothingToRedo
  /// The history has no entry of this number (or no longer has it).
  case noSuchEntry(Int)
  /// The entry is undone already.
  case alreadyUndone(HistoryEntry)
  /// A later entry still in force stands in the way of undoing the entry (or of redoing it).
  case blocked(Step, HistoryEntry, by: HistoryEntry, Touched.Conflict)
  /// An entry in force takes back, on its own, what undoing the entry (or redoing it) would
  /// take back again, or keeps taken back what it would bring back.
  case takenBackAlready(Step, HistoryEntry, by: HistoryEntry)
  /// The lists are no longer as undoing the entry (or redoing it) needs them: a name it
  /// would give is taken, or a list it writes to is gone.
  case cannotApply(Step, HistoryEntry, RevertProblem)

  /// What was asked of an entry.
  public enum Step: String, Equatable, Sendable {
    /// Taking the entry back.
    case undo
    /// Making the entry again after an undo.
    case redo
  }

  public var description: String {
    switch self {
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    case let .noSuchEntry(id): "no history entry #\(id)"
    case let .alreadyUndone(entry):
      "#\(entry.id) \(Self.shown(entry.command)) is undone already"
        + (entry.undoneBy.map { " (by #\($0))" } ?? "")
    case let .blocked(step, entry, later, conflict):
      "cannot \(step.rawValue) #\(entry.id) \(Self.shown(entry.command)): #\(later.id) "
        + "\(Self.shown(later.command)) \(Self.words(conflict)) since; undo #\(later.id) first"
    case let .takenBackAlready(step, entry, other):
      "cannot \(step.rawValue) #\(entry.id) \(Self.shown(entry.command)): #\(other.id) "
        + "\(Self.shown(other.command)) has taken back the same change; undo #\(other.id) first"
    case let .cannotApply(step, entry, problem):
      "cannot \(step.rawValue) #\(entry.id) \(Self.shown(entry.command)): \(problem)"
    }
  }

  /// What the later entry did, in words.
  static func words(_ conflict: Touched.Conflict) -> String {
    switch conflict {
    case .items: "changed the same items"
    case .lists: "renamed or deleted the same list"
    case .order: "reordered the same list"
    case .setting: "changed the same setting"
    case .shops: "changed the same shop"
    case .deletedList: "deleted a list it needs"
    case .markedList: "moved the default mark to or from a list it created"
    }
  }

  /// A command as typed, safe for a one-line message.
  private static func shown(_ command: String) -> String {
    DisplayText.escaped(command)
  }
}
