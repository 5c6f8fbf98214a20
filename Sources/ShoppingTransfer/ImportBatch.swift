import ShoppingCore

/// Rows read from an import input, valid and invalid, in the order of the input, and the lists
/// the input names where it names them.
public struct ImportBatch: Equatable, Sendable {
  /// How many rows a reader hands out at a time: large enough that the per-batch work (loading
  /// lists, one reducer call, one set of effects) is amortised, small enough that the rows in
  /// flight take a few megabytes whatever the size of the file.
  public static let defaultSize = 5_000

  /// A list the input names, even without rows (`# list: NAME`, a JSON list object).
  public struct ListName: Equatable, Sendable {
    /// The list's (valid) name.
    public var name: String
    /// How many of the batch's ``rows`` come before it in the input.
    public var beforeRow: Int

    /// Creates a record of a named list.
    public init(name: String, beforeRow: Int) {
      self.name = name
      self.beforeRow = beforeRow
    }
  }

  /// The rows that passed validation.
  public var rows: [ImportRow] = []
  /// The rows that did not, with their reasons.
  public var errors: [ImportError] = []
  /// The lists named, in input order.
  public var lists: [ListName] = []

  /// Creates a batch.
  public init(rows: [ImportRow] = [], errors: [ImportError] = [], lists: [ListName] = []) {
    self.rows = rows
    self.errors = errors
    self.lists = lists
  }

  /// How many rows the batch holds, valid or not.
  public var count: Int { rows.count + errors.count }

  /// Records that the input names the list `name` at this point.
  mutating func name(list name: String) {
    lists.append(ListName(name: name, beforeRow: rows.count))
  }
}

/// The bounds that keep an import's memory flat whatever its input.
public enum ImportLimits {
  /// The longest line, CSV record or JSON value an import reads: 1 MiB. A longer one is a bad
  /// row, found without keeping it in memory.
  public static let maximumLineLength = 1 << 20
  /// How far past a too-long line a reader looks for its end before it gives up on the input,
  /// which may never end (`/dev/zero`).
  public static let maximumSkip = 64 << 20
  /// The most shop and category names a backup's shops hold, together: a household's are a
  /// few dozen.
  public static let maximumSettingNames = 10_000
}
