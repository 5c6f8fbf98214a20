import ShoppingCore
import ShoppingStorage

// MARK: - In people's words

extension HistoryError {
  /// The refusal as the page says it: what undoing (or redoing) would overwrite and whose
  /// change that is, without a history number or a command-line option, which mean nothing
  /// on a phone. Refusals that name no other entry read as the command line's.
  ///
  /// ```swift
  /// HistoryError.blocked(.undo, check, by: edit, .items).inPeoplesWords
  /// // "Not undone: Ben changed the same items since, and undoing it would overwrite that."
  /// ```
  public var inPeoplesWords: String {
    switch self {
    case .nothingToUndo, .nothingToRedo, .noSuchEntry: description
    case .alreadyUndone: "That change is undone already."
    case let .blocked(step, _, later, conflict):
      "\(Self.notDone(step)): \(Self.who(later)) \(Self.words(conflict)) since, and "
        + "\(step == .undo ? "undoing" : "redoing") it would overwrite that."
    case let .takenBackAlready(step, _, other):
      "\(Self.notDone(step)): \(Self.who(other)) has taken back the same change already."
    case let .cannotApply(step, _, problem):
      "\(Self.notDone(step)): \(problem)."
    }
  }

  private static func notDone(_ step: Step) -> String {
    step == .undo ? "Not undone" : "Not redone"
  }

  /// Who made an entry: the member, else where it came from.
  private static func who(_ entry: HistoryEntry) -> String {
    if let member = entry.by { return DisplayText.escaped(member) }
    return entry.command.hasPrefix("web") ? "someone on another phone" : "someone at the computer"
  }
}
