import Composable
import Foundation
import ShoppingCore
import ShoppingStorage
import ShoppingTransfer

// MARK: - Import and export

extension ShoppingService {
  /// Imports every row of `reader` in one write transaction, all or nothing: committed when
  /// every row was valid (or the importer skips bad ones), rolled back on any failure, and
  /// always rolled back on a dry run.
  ///
  /// ```swift
  /// let input = try ImportInput.opening("week.csv")
  /// var reader = try ImportFormat.auto.reader(for: input)
  /// let outcome = try service.importRows(
  ///   from: &reader, with: Importer(file: input.name, options: ImportOptions(targetList: "shopping"))
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - reader: The rows.
  ///   - importer: The file's name, the target list, the mode, whether to skip bad rows.
  ///   - dryRun: Whether to report what would change and write nothing.
  ///   - label: The command its history entry shows; `import FILE` if none.
  ///   - progress: Called after each batch with the bytes and rows read so far.
  /// - Returns: What the import did, or would do.
  /// - Throws: `ShoppingTransfer/Importer/InvalidRows` (nothing written), an
  ///   `ShoppingTransfer/ImportError` for an input that cannot be read on, or the
  ///   database's and the domain's errors.
  public func importRows(
    from reader: inout any ImportReader, with importer: Importer, dryRun: Bool = false,
    label: String? = nil, progress: (_ bytes: Int, _ rows: Int) -> Void = { _, _ in }
  ) throws -> Importer.Outcome {
    do {
      return try journaledWrite(label ?? "import \(importer.file)") { repository in
        let store = try stores.makeStore(repository, loadingListsNamed: [])
        let outcome = try importer.apply(
          &reader, to: store, lookup: TransactionImportLookup(transaction: repository),
          progress: progress
        )
        if dryRun { throw DryRun(outcome: outcome) }
        return outcome
      }
    } catch let dryRun as DryRun {
      return dryRun.outcome
    }
  }

  /// Rolls a dry run back once its outcome is known.
  private struct DryRun: Error {
    let outcome: Importer.Outcome
  }

  /// Which lists an export writes.
  public enum ExportSelection: Equatable, Sendable {
    /// One list (`nil`: the default list; the list named "shopping" is created when missing).
    case list(String?)
    /// Every list, in their order.
    case all
  }

  /// Writes lists in a form `importRows(from:with:dryRun:progress:)` reads back, one list in
  /// memory at a time, from one consistent snapshot.
  ///
  /// - Parameters:
  ///   - selection: One list, or all of them.
  ///   - format: What to write.
  ///   - sink: Where each chunk of the output goes.
  /// - Returns: How many lists and items were written.
  @discardableResult
  public func export(
    _ selection: ExportSelection, format: ExportWriter.Format,
    to sink: @escaping (String) throws -> Void
  ) throws -> (lists: Int, items: Int) {
    var writer = ExportWriter(format: format, commentsLists: selection == .all, sink: sink)
    var counts = (lists: 0, items: 0)
    try writer.begin()
    switch selection {
    case .all:
      // A backup: every list with its shop and the default mark, then the shops, all from
      // one snapshot.
      let shops = try storage.read { repository in
        let state = try repository.loadState(loadingListsNamed: [])
        let shops = try repository.shops()
        let defaultID = state.defaultList?.id
        for header in state.lists {
          let list = try repository.loadList(header)
          let shop = shops.ofList[list.id].flatMap { shops.all[id: $0]?.name }
          try writer.write(list, shop: shop, isDefault: list.id == defaultID)
          counts.lists += 1
          counts.items += list.products.count
        }
        return shops
      }
      try writer.end(shops: shops)
    case let .list(name):
      let list = try list(named: name)
      try writer.write(list)
      counts = (1, list.products.count)
      try writer.end()
    }
    return counts
  }

  /// ``export(_:format:to:)`` into a file, written under a temporary name and put in place
  /// only once complete; see `ShoppingTransfer/OutputFile`. The database itself is refused.
  @discardableResult
  public func export(
    _ selection: ExportSelection, format: ExportWriter.Format, toFile path: String
  ) throws -> (lists: Int, items: Int) {
    let file = try OutputFile(path: path, protecting: storage.location)
    do {
      let counts = try export(selection, format: format) { try file.write($0) }
      try file.commit()
      return counts
    } catch {
      file.discard()
      throw error
    }
  }
}
