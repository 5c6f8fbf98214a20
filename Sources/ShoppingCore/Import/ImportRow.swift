import Foundation

/// One parsed, validated row of an import file.
public struct ImportRow: Equatable, Sendable {
  /// The line of the file the row starts on, for messages.
  public var line: Int
  /// The item's id when the file gives one: it matches before the name does, and a new item
  /// keeps it.
  public var id: UUID?
  /// The item's (normalised) name.
  public var name: String {
    didSet { nameKey = Naming.key(name) }
  }
  /// The name's key (see ``Naming/key(_:)``), made once: an import compares it several times
  /// on its way from the file to the list.
  public private(set) var nameKey: NameKey
  /// The list the row goes to, or `nil` for the import's target list.
  public var list: String?
  /// The fields the row gives.
  public var changes: ProductChanges
  /// When the item was added, if the row says: kept by a new item, so that an export imported
  /// into an empty database keeps its timestamps. An existing item keeps its own.
  public var addedAt: Date?
  /// When the item last changed, if the row says; kept by a new item like ``addedAt``.
  public var updatedAt: Date?

  /// Creates a row from validated values.
  public init(
    line: Int, id: UUID? = nil, name: String, list: String? = nil,
    changes: ProductChanges = .none, addedAt: Date? = nil, updatedAt: Date? = nil
  ) {
    self.line = line
    self.id = id
    self.name = name
    self.nameKey = Naming.key(name)
    self.list = list
    self.changes = changes
    self.addedAt = addedAt
    self.updatedAt = updatedAt
  }
}

/// What can still be read of a row that was skipped as invalid: in replace mode the item it
/// names is kept, and a row that names nothing readable keeps its list from losing anything.
public struct SkippedImportRow: Equatable, Sendable {
  /// The list a row goes to, as far as it can be read.
  public enum List: Equatable, Sendable {
    /// The import's target list: the row names no list.
    case target
    /// The list of this (valid) name.
    case named(String)
    /// The row names a list, but not readably: it could be any list.
    case unreadable
  }

  /// The row's line, for messages.
  public var line: Int
  /// Where the row was going.
  public var list: List
  /// Its id, if it gives a valid one.
  public var id: UUID?
  /// Its name, if it gives a valid one.
  public var name: String?

  /// Creates the readable part of a skipped row.
  public init(line: Int, list: List, id: UUID? = nil, name: String? = nil) {
    self.line = line
    self.list = list
    self.id = id
    self.name = name
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
  /// The first ``removedItemsLimit`` items removed (or that a dry run would remove), in list
  /// order, for a report that says which.
  public var removedItems: [RemovedItem] = []
  /// Lists whose removals replace mode withheld because skipped rows named nothing readable:
  /// each with the number of such rows, in the order the import touched the lists.
  public var withheld: [WithheldRemoval] = []

  /// How many removed items ``removedItems`` names at most.
  public static let removedItemsLimit = 20

  /// Creates a summary.
  public init(
    added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0, invalid: Int = 0,
    removedItems: [RemovedItem] = [], withheld: [WithheldRemoval] = []
  ) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
    self.removed = removed
    self.invalid = invalid
    self.removedItems = removedItems
    self.withheld = withheld
  }

  /// An item replace mode removed, by name.
  public struct RemovedItem: Equatable, Sendable {
    /// The item's name.
    public var name: String
    /// Its list's name.
    public var list: String

    /// Creates a record of a removal.
    public init(name: String, list: String) {
      self.name = name
      self.list = list
    }
  }

  /// A list replace mode left whole, and why.
  public struct WithheldRemoval: Equatable, Sendable {
    /// The list's name.
    public var list: String
    /// How many skipped rows for it had neither a readable id nor a readable name.
    public var unreadableRows: Int

    /// Creates a record of withheld removals.
    public init(list: String, unreadableRows: Int) {
      self.list = list
      self.unreadableRows = unreadableRows
    }
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
