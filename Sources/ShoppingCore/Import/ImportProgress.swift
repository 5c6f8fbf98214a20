import Foundation

/// The bookkeeping of an import across its batches of rows.
///
/// It grows with the items the import touches, never with the file: rows themselves are not
/// kept, and an item costs an id unless it changes. A pre-existing item that changes keeps its
/// version from before the import, so that an item the file leaves as it was ends the import
/// byte-for-byte unchanged (its `updatedAt` too), however many rows named it on the way.
public struct ImportProgress: Equatable, Sendable {
  /// How the import runs.
  public let options: ImportOptions
  /// Rows that could not be applied: the first ``rejectedLimit`` of them.
  public internal(set) var rejected: [RejectedRow] = []
  /// How many rows could not be applied in all.
  public internal(set) var rejectedCount = 0
  /// The outcome, once ``ShoppingAction/finishImport`` was sent.
  public internal(set) var summary: ImportSummary?

  /// How many rejected rows are kept with their reasons.
  public static let rejectedLimit = 20

  /// Items that existed before the import and were named by it.
  var named: Set<Product.ID> = []
  /// Those of `named` that changed at some point, as they were before the import.
  var originals: [Product.ID: Product] = [:]
  /// Those of `named` whose content now differs from their original.
  var changed: Set<Product.ID> = []
  /// Items the import added to lists that had items when it began.
  var added: Set<Product.ID> = []
  /// Lists without items when the import began: those it created, and those it found empty.
  /// Every item of one is an item the import added, so those are counted, not kept: an
  /// import of a million rows into an empty list keeps no id per row.
  var emptyLists: Set<ShoppingList.ID> = []
  /// How many items the import added to `emptyLists`.
  var addedToEmptyLists = 0
  /// Items that skipped or rejected rows named by id: replace mode keeps them.
  var protectedIDs: Set<Product.ID> = []
  /// Per list (by name key), the name keys of items skipped rows named: replace mode keeps
  /// them.
  var protectedKeys: [NameKey: Set<NameKey>] = [:]
  /// Name keys of items skipped rows named whose list could not be read.
  var protectedKeysOfAnyList: Set<NameKey> = []
  /// Per list (by name key), the skipped rows that named nothing readable: replace mode
  /// removes nothing from those lists.
  var unreadableRows: [NameKey: Int] = [:]
  /// Skipped rows that named nothing readable, not even their list: replace mode removes
  /// nothing at all.
  var unreadableRowsOfAnyList = 0
  /// Lists the import sent rows to, in the order it first did.
  public internal(set) var touchedLists: [ShoppingList.ID] = []

  /// Starts the bookkeeping of an import.
  public init(options: ImportOptions) {
    self.options = options
  }

  mutating func reject(line: Int, error: ShoppingError) {
    rejectedCount += 1
    if rejected.count < Self.rejectedLimit {
      rejected.append(RejectedRow(line: line, error: error))
    }
  }

  /// How many items the import added.
  var addedCount: Int { added.count + addedToEmptyLists }

  /// Records that the import added the item `id` to a list, which had no items when the
  /// import began when `toEmptyList` (see `emptyLists`: asked once for a run of rows).
  mutating func recordAdded(_ id: Product.ID, toEmptyList: Bool) {
    if toEmptyList {
      addedToEmptyLists += 1
    } else {
      added.insert(id)
    }
  }

  func wasAdded(_ id: Product.ID, toEmptyList: Bool) -> Bool {
    toEmptyList || added.contains(id)
  }

  func wasNamed(_ id: Product.ID, in listID: ShoppingList.ID) -> Bool {
    wasAdded(id, toEmptyList: emptyLists.contains(listID)) || named.contains(id)
  }

  // Two progresses are equal when they say the same to the outside: the bookkeeping behind the
  // summary is an implementation detail, and asserting it would tie tests to it.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.options == rhs.options && lhs.rejected == rhs.rejected
      && lhs.rejectedCount == rhs.rejectedCount && lhs.summary == rhs.summary
      && lhs.touchedLists == rhs.touchedLists
  }
}

extension ImportProgress: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "options": options, "rejected": rejected, "rejectedCount": rejectedCount,
        "summary": summary as Any, "touchedLists": touchedLists,
      ],
      displayStyle: .struct
    )
  }
}
