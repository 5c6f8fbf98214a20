import ShoppingCore

/// A reader of one import format: it streams the input and hands out validated rows in
/// batches, never holding more than a batch of them.
public protocol ImportReader {
  /// The next rows, at most ``ImportBatch/defaultSize`` (or the reader's own batch size) valid
  /// and invalid ones together; `nil` once the input is exhausted.
  ///
  /// - Throws: ``ImportError`` when the input cannot be read on at all (it cannot be read, or
  ///   its structure is broken); a bad row is reported in the batch instead.
  mutating func nextBatch() throws(ImportError) -> ImportBatch?

  /// How many bytes of the input were consumed so far, for progress.
  var bytesRead: Int { get }

  /// What the reader found out about the input as a whole, complete once ``nextBatch()``
  /// returned `nil`.
  var notes: ImportNotes { get }

  /// What a backup holds beside its items (shops, lists' shops, the default list), complete
  /// once ``nextBatch()`` returned `nil`; only the JSON document carries any.
  var settings: BackupSettings { get }
}

extension ImportReader {
  /// No notes: a reader that has nothing to say of its input.
  public var notes: ImportNotes { ImportNotes() }

  /// No settings: a format that carries items only.
  public var settings: BackupSettings { BackupSettings() }
}
