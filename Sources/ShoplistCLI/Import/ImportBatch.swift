import ShoppingCore

/// Rows read from an import input, valid and invalid, in the order of the input.
struct ImportBatch: Equatable {
  /// How many rows a reader hands out at a time: large enough that the per-batch work (loading
  /// lists, one reducer call, one set of effects) is amortised, small enough that the rows in
  /// flight take a few megabytes whatever the size of the file.
  static let defaultSize = 5_000

  /// The rows that passed validation.
  var rows: [ImportRow] = []
  /// The rows that did not, with their reasons.
  var errors: [ImportError] = []

  /// How many rows the batch holds, valid or not.
  var count: Int { rows.count + errors.count }
}
