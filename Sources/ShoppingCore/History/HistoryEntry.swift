import Foundation

/// One entry of the history: a change to the database, an undo of one, or a redo.
public struct HistoryEntry: Equatable, Sendable {
  /// What kind of entry it is.
  public enum Kind: String, Sendable {
    /// A change made by a command, the server or an embedding program.
    case change
    /// The undo of ``HistoryEntry/target``.
    case undo
    /// The redo of ``HistoryEntry/target``.
    case redo
  }

  /// Its number: increasing, never reused.
  public var id: Int
  /// When it was made.
  public var at: Date
  /// The command as typed, or the label an embedder or the server gave.
  public var command: String
  /// What it changed, per list: `shopping: 120 added, 3 updated`.
  public var summary: String
  /// A change, an undo or a redo.
  public var kind: Kind
  /// For an undo or a redo, the entry it takes back or re-applies.
  public var target: Int?
  /// The entry in force that takes this one back (an undo, or a redo of an undone undo),
  /// while it stays taken back.
  public var undoneBy: Int?
  /// The name of the member who made the change, for a member's change; `nil` for any other
  /// (the command line, the page without members, an embedding program).
  public var by: String?

  /// Creates an entry.
  public init(
    id: Int, at: Date, command: String, summary: String, kind: Kind, target: Int? = nil,
    undoneBy: Int? = nil, by: String? = nil
  ) {
    self.id = id
    self.at = at
    self.command = command
    self.summary = summary
    self.kind = kind
    self.target = target
    self.undoneBy = undoneBy
    self.by = by
  }

  /// Whether an undo took this entry back.
  public var isUndone: Bool { undoneBy != nil }

  /// How many entries the history keeps: adding one drops the oldest past this.
  public static let kept = 1_000
}
