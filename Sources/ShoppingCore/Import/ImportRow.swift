import Foundation

/// One parsed, validated row of an import file.
public struct ImportRow: Equatable, Sendable {
  /// The line of the file the row starts on, for messages.
  public var line: Int
  /// The item's id when the file gives one: it matches before the name does, and a new item
  /// keeps it.
  public var id: UUID?
  /// The item's (normalised) name.
  public var name: String
  /// The list the row goes to, or `nil` for the import's target list.
  public var list: String?
  /// The fields the row gives.
  public var changes: ProductChanges

  /// Creates a row from validated values.
  public init(
    line: Int, id: UUID? = nil, name: String, list: String? = nil,
    changes: ProductChanges = .none
  ) {
    self.line = line
    self.id = id
    self.name = name
    self.list = list
    self.changes = changes
  }
}

/// How an import treats what the file does not name.
public enum ImportMode: String, CaseIterable, Equatable, Sendable {
  /// Keep it.
  case merge
  /// Remove it from every list the file touches, so the lists mirror the file.
  case replace
}

/// How an import runs.
public struct ImportOptions: Equatable, Sendable {
  /// The (normalised) name of the list rows go to when they name none; created if missing.
  public var targetList: String
  /// Merge or replace.
  public var mode: ImportMode

  /// Creates options.
  public init(targetList: String, mode: ImportMode = .merge) {
    self.targetList = targetList
    self.mode = mode
  }
}

/// What an import did, or would do on a dry run.
public struct ImportSummary: Equatable, Sendable {
  /// Items that were not there before.
  public var added = 0
  /// Existing items whose fields changed.
  public var updated = 0
  /// Existing items the file named that stayed as they were.
  public var unchanged = 0
  /// Items removed by `--mode replace`.
  public var removed = 0
  /// Rows that could not be applied.
  public var invalid = 0

  /// Creates a summary.
  public init(
    added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0, invalid: Int = 0
  ) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
    self.removed = removed
    self.invalid = invalid
  }
}

/// A row the import could not apply, and why.
public struct RejectedRow: Equatable, Sendable {
  /// The row's line in the file.
  public var line: Int
  /// Why it was rejected.
  public var error: ShoppingError

  /// Creates a rejection.
  public init(line: Int, error: ShoppingError) {
    self.line = line
    self.error = error
  }
}
