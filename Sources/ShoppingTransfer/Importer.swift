import Composable
import Foundation
import ShoppingCore

/// One import: the reader's batches go to the core's import actions as they are read, inside
/// the caller's write transaction, through the caller's store.
///
/// The caller owns the transaction: it commits only if ``apply(_:to:lookup:progress:)``
/// returns (every row valid, or the bad ones to be skipped), and rolls back a dry run. The
/// importer knows no storage: what it reads of the lists, it asks an ``ImportLookup``.
///
/// Memory: one batch of rows is in flight at a time; what stays is the state of the lists the
/// rows go to, the import's bookkeeping (per item touched), and the first bad rows.
///
/// ```swift
/// let importer = Importer(file: "week.csv", options: ImportOptions(targetList: "shopping"))
/// let outcome = try importer.apply(&reader, to: store, lookup: lists)
/// ```
public struct Importer: Sendable {
  /// What an import did, or would do.
  public struct Outcome: Equatable, Sendable {
    /// The counts, and which items replace mode removed.
    public var summary: ImportSummary
    /// The bad rows.
    public var issues: ImportIssues
    /// What the reader found out about the input: how its text was read, which columns it
    /// did not read.
    public var notes = ImportNotes()
  }

  /// Rows were bad and skipping them was not asked for: the caller must roll back.
  public struct InvalidRows: Error {
    /// The bad rows.
    public let issues: ImportIssues
  }

  /// The input as messages name it.
  public let file: String
  /// The target list and the mode.
  public let options: ImportOptions
  /// Whether bad rows are skipped rather than failing the import.
  public let skipInvalid: Bool

  /// Creates an import.
  ///
  /// - Parameters:
  ///   - file: The input as messages name it (`stdin` for standard input).
  ///   - options: The target list and the mode.
  ///   - skipInvalid: Whether bad rows are skipped rather than failing the import.
  public init(file: String, options: ImportOptions, skipInvalid: Bool = false) {
    self.file = file
    self.options = options
    self.skipInvalid = skipInvalid
  }

  /// Applies every row of `reader` through `store`, inside the caller's write transaction.
  ///
  /// - Parameters:
  ///   - reader: The rows.
  ///   - store: A store over the caller's transaction, holding every list by name.
  ///   - lookup: The same transaction's lists, to load the items each batch names.
  ///   - progress: Called after each batch with the bytes and rows read so far.
  /// - Throws: ``InvalidRows`` (roll back), ``ImportError`` for an input that cannot be read on,
  ///   or the database's and the domain's errors.
  public func apply(
    _ reader: inout any ImportReader,
    to store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    lookup: some ImportLookup,
    progress: (_ bytes: Int, _ rows: Int) -> Void = { _, _ in }
  ) throws -> Outcome {
    let outcome = try apply(&reader, store: store, lookup: lookup, progress: progress)
    if !outcome.issues.isEmpty, !skipInvalid { throw InvalidRows(issues: outcome.issues) }
    return outcome
  }

  private func apply(
    _ reader: inout any ImportReader,
    store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    lookup: any ImportLookup, progress: (Int, Int) -> Void
  ) throws -> Outcome {
    // The target list is created by the first row that goes to it, not before: an import
    // whose rows all name their lists leaves the lists it does not name alone.
    try store.send(.startImport(options))
    var issues = ImportIssues()
    var rowsRead = 0
    var fresh = FreshLists()
    while let batch = try reader.nextBatch() {
      batch.errors.forEach { issues.record($0) }
      if options.mode == .replace {
        let skipped = batch.errors.compactMap(\.skippedRow)
        if !skipped.isEmpty { try store.send(.importRowsSkipped(skipped)) }
      }
      // Rows and the lists the file names, in the file's order: a list named before any row
      // is created before the lists of those rows.
      var start = 0
      for list in batch.lists {
        try send(batch.rows[start..<list.beforeRow], store, lookup, &fresh)
        start = list.beforeRow
        try store.send(.importListNamed(list.name))
      }
      try send(batch.rows[start...], store, lookup, &fresh)
      rowsRead += batch.count
      progress(reader.bytesRead, rowsRead)
    }
    try restore(reader.settings, store: store, lookup: lookup)
    if options.mode == .replace {
      // Removing what the file did not name needs the whole of each list it touched.
      let touched = store.state.importProgress?.touchedLists ?? []
      let headers = touched.compactMap { store.state.lists[id: $0] }
      try store.send(.listsLoaded(try headers.map(lookup.loadList)))
    }
    try store.send(.finishImport)
    guard let finished = store.state.importProgress, var summary = finished.summary else {
      throw ShoppingError.noImportInProgress
    }
    issues.record(rejected: finished.rejected, count: finished.rejectedCount, file: file)
    summary.invalid = issues.count
    return Outcome(summary: summary, issues: issues, notes: reader.notes)
  }

  /// Restores a backup's shops, lists' shops and default list, after its rows: every list it
  /// names exists by then. A list's shop that is no shop is the file's error, at its line.
  private func restore(
    _ settings: BackupSettings, store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    lookup: any ImportLookup
  ) throws {
    guard !settings.isEmpty else { return }
    try store.send(.shopsLoaded(try lookup.shops()))
    do {
      try store.send(.importSettings(settings))
    } catch let error as ShoppingError {
      guard case let .noSuchShop(name, _) = error else { throw error }
      let key = NameKey(lookingUp: name)
      let line = settings.listShops.first { Naming.key($0.shop) == key }?.line ?? 1
      throw ImportError(file: file, line: line, reason: .rejected(error))
    }
  }

  private func send(
    _ rows: ArraySlice<ImportRow>, _ store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    _ lookup: any ImportLookup, _ fresh: inout FreshLists
  ) throws {
    guard !rows.isEmpty else { return }
    let loaded = try loadItems(
      namedBy: Array(rows), store: store, lookup: lookup, fresh: &fresh
    )
    try store.send(.importRows(loaded))
  }

  /// The lists that had no items when the import began, with the names it has sent to them.
  ///
  /// The import holds the write lock throughout, so an item of such a list can only be one
  /// the import added: a later row's name needs looking up only if an earlier row sent it.
  /// The names are kept as hashes, a few bytes each however long the name; two names sharing
  /// a hash only cost a lookup that finds nothing.
  private struct FreshLists {
    /// Per fresh list (by name key), where in `sentKeys` its names are.
    var slots: [NameKey: Int] = [:]
    /// Per fresh list, the hashes of the item name keys sent to it so far.
    var sentKeys: [Set<Int>] = []
    /// The lists (by name key) that had items when the import began.
    var hadItems: Set<NameKey> = []

    /// Records whether the list `key` is fresh, the first time a row names it: a list the
    /// import is about to create is, an existing one is if the database holds no item of it.
    ///
    /// - Returns: Whether it is an existing list found empty.
    mutating func classify(
      _ key: NameKey, listID: ShoppingList.ID?, lookup: any ImportLookup
    ) throws -> Bool {
      guard slots[key] == nil, !hadItems.contains(key) else { return false }
      if let listID, try !lookup.listIsEmpty(listID) {
        hadItems.insert(key)
        return false
      }
      slots[key] = sentKeys.count
      sentKeys.append([])
      return listID != nil
    }

    /// Where the names sent to the list `key` are kept, if it is fresh: found once for a run
    /// of rows going to it.
    func slot(ofList key: NameKey) -> Int? {
      slots[key]
    }

    /// Whether a row naming `item` in the list whose ``slot(ofList:)`` is `slot` needs the
    /// database searched for it, and records that the name has now been sent.
    mutating func needsLookup(of item: NameKey, inSlot slot: Int?) -> Bool {
      guard let slot else { return true }
      return !sentKeys[slot].insert(item.hashValue).inserted
    }
  }

  /// Loads, for each list the rows go to, just the items their names and ids pick, replacing
  /// what the previous batch loaded: memory holds one batch's items, not the lists. Returns
  /// the rows with the ids dropped that belong to another list's item.
  ///
  /// The state is read in a closure of its own: a copy kept alive across the next send would
  /// make that send copy what it changes.
  private func loadItems(
    namedBy rows: [ImportRow], store: Store<ShoppingState, ShoppingAction, PersistenceEffect>,
    lookup: any ImportLookup, fresh: inout FreshLists
  ) throws -> [ImportRow] {
    struct Wanted {
      let listID: ShoppingList.ID
      var keys: Set<NameKey> = []
      var ids: Set<UUID> = []
      /// Names of a fresh list that need no lookup.
      var absent: Set<NameKey> = []
    }
    let headers: [NameKey: ShoppingList.ID] = {
      let lists = store.state.lists
      return Dictionary(lists.map { (Naming.key($0.name), $0.id) }) { first, _ in first }
    }()
    // Per list the rows go to, in the order first named: what to load.
    var wanted: [Wanted] = []
    var wantedIndex: [ShoppingList.ID: Int] = [:]
    var listOfRow: [ShoppingList.ID?] = []
    listOfRow.reserveCapacity(rows.count)
    // Rows come in runs that name the same list (most name none): its id, the names sent to
    // it and where its wants are kept are found once per run.
    for run in rows.runsByList {
      // A list that does not exist yet is created by the reducer, empty and whole.
      let listKey = Naming.key(rows[run.lowerBound].list ?? options.targetList)
      let listID = headers[listKey]
      if try fresh.classify(listKey, listID: listID, lookup: lookup), let listID {
        // The core then counts the items it adds there instead of keeping their ids.
        try store.send(.importListWasEmpty(listID))
      }
      let sent = fresh.slot(ofList: listKey)
      var slot: Int?
      if let listID {
        let known = wantedIndex[listID] ?? wanted.count
        if known == wanted.count {
          wantedIndex[listID] = known
          wanted.append(Wanted(listID: listID))
        }
        // Room for the run's names at once: the set would otherwise grow through every size
        // on the way, hashing every name again each time.
        if sent != nil {
          wanted[known].absent.reserveCapacity(wanted[known].absent.count + run.count)
        } else {
          wanted[known].keys.reserveCapacity(wanted[known].keys.count + run.count)
        }
        slot = known
      }
      // By index: a row taken out of the array is a copy of all its fields.
      for index in run {
        listOfRow.append(listID)
        let key = rows[index].nameKey
        let searched = fresh.needsLookup(of: key, inSlot: sent)
        guard let slot else { continue }
        // In place: a copy taken out of the array would copy its sets on every insert.
        if searched {
          wanted[slot].keys.insert(key)
        } else {
          wanted[slot].absent.insert(key)
        }
        if let id = rows[index].id { wanted[slot].ids.insert(id) }
      }
    }
    let owners = try lookup.listsOfProducts(rows.compactMap(\.id))
    var parts: [ShoppingList] = []
    for items in wanted {
      let listID = items.listID
      guard let header = store.state.lists[id: listID] else { continue }
      let ownIDs = items.ids.filter { owners[$0] == listID }
      parts.append(
        try lookup.partialList(
          header, keys: Array(items.keys), ids: Array(ownIDs),
          absentKeys: items.absent.subtracting(items.keys)
        ))
    }
    if !parts.isEmpty {
      try store.send(.listsLoaded(parts))
    }
    // Rows without ids (the usual file) all stay as they are.
    guard !owners.isEmpty else { return rows }
    return zip(rows, listOfRow).map { row, listID in
      guard let id = row.id, let owner = owners[id], owner != listID else { return row }
      var row = row
      row.id = nil
      return row
    }
  }
}
