import ShoppingCore

/// Rows read from an import input, valid and invalid, in the order of the input, and the lists
/// the input names where it names them.
struct ImportBatch: Equatable {
  /// How many rows a reader hands out at a time: large enough that the per-batch work (loading
  /// lists, one reducer call, one set of effects) is amortised, small enough that the rows in
  /// flight take a few megabytes whatever the size of the file.
  static let defaultSize = 5_000

  /// A list the input names, even without rows (`# list: NAME`, a JSON list object).
  struct ListName: Equatable {
    /// The list's (valid) name.
    var name: String
    /// How many of the batch's ``rows`` come before it in the input.
    var beforeRow: Int
  }

  /// The rows that passed validation.
  var rows: [ImportRow] = []
  /// The rows that did not, with their reasons.
  var errors: [ImportError] = []
  /// The lists named, in input order.
  var lists: [ListName] = []

  /// How many rows the batch holds, valid or not.
  var count: Int { rows.count + errors.count }

  /// Records that the input names the list `name` at this point.
  mutating func name(list name: String) {
    lists.append(ListName(name: name, beforeRow: rows.count))
  }
}

/// The bounds that keep an import's memory flat whatever its input.
enum ImportLimits {
  /// The longest line, CSV record or JSON value an import reads: 1 MiB. A longer one is a bad
  /// row, found without keeping it in memory.
  static let maximumLineLength = 1 << 20
  /// How far past a too-long line a reader looks for its end before it gives up on the input,
  /// which may never end (`/dev/zero`).
  static let maximumSkip = 64 << 20
}
