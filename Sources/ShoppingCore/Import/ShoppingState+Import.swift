import Foundation

extension ShoppingState {
  /// Applies a batch of rows: each goes to its list (created if missing), matches an item by id,
  /// then by name, and updates it with the fields it gives or appends a new item. A row that
  /// cannot be applied (its new name belongs to another item) is rejected and changes nothing.
  ///
  /// A list need not be loaded whole: it is enough that the items the batch's names and ids
  /// pick are (``ShoppingList/Loading/partial(keys:)`` naming the rows' name keys), so an import
  /// can keep one batch's worth of items in memory instead of the list.
  mutating func importRows(
    _ rows: [ImportRow], environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    guard var progress = importProgress, progress.summary == nil else {
      throw .noImportInProgress
    }
    // Rows come in runs that name the same list (most name none): the list is found once per
    // run, and the run applied to it in place at once.
    let runs = rows.runsByList
    let listCount = try checkLoaded(rows, runs: runs, targetList: progress.options.targetList)
    // Take the progress out of the state while rows mutate it, so that neither copy is shared
    // and nothing is copied on write.
    importProgress = nil
    defer { importProgress = progress }

    let now = environment.now()
    var effects: [PersistenceEffect] = []
    effects.reserveCapacity(rows.count)
    var listIDs: [NameKey: ShoppingList.ID] = [:]
    for run in runs {
      let listName = rows[run.lowerBound].list ?? progress.options.targetList
      let listKey = Naming.key(listName)
      let listID: ShoppingList.ID
      if let known = listIDs[listKey] {
        listID = known
      } else {
        listID = touchList(
          named: listName, progress: &progress, now: now, environment: environment,
          effects: &effects
        )
        listIDs[listKey] = listID
      }
      // By position, not id: the id subscript moves the whole list out and back.
      guard let index = lists.index(id: listID) else { continue }
      if listCount == 1, lists[index].products.isEmpty {
        // A list created, or loaded with none of the batch's names: every row may add.
        lists[index].reserveCapacity(adding: rows.count)
      }
      let foreign = foreignIDs(rows[run], listAt: index)
      lists[index].importRows(
        rows[run], ignoringIDs: foreign, progress: &progress, now: now,
        environment: environment, effects: &effects
      )
    }
    return effects
  }

  /// Which of `rows`, going to the list at `index`, give the id of another list's item: ids are
  /// unique across lists, so such an id matches nothing there, and keeping it for a new item
  /// would clash with that item. `nil` when none does (the usual file).
  ///
  /// Found before the rows are applied: they change only the list at `index`, and add an id
  /// there only when no other list has it.
  private func foreignIDs(_ rows: ArraySlice<ImportRow>, listAt index: Int) -> Set<UUID>? {
    var foreign: Set<UUID> = []
    for row in rows {
      guard let id = row.id, lists[index].products[id: id] == nil,
        lists.contains(where: { $0.products[id: id] != nil })
      else { continue }
      foreign.insert(id)
    }
    return foreign.isEmpty ? nil : foreign
  }

  /// Refuses a batch, before anything changes, when a row's list lacks what the row needs.
  /// Returns how many lists the rows name.
  private func checkLoaded(
    _ rows: [ImportRow], runs: [Range<Int>], targetList: String
  ) throws(ShoppingError) -> Int {
    var existing: [NameKey: ShoppingList.ID?] = [:]
    for run in runs {
      let listName = rows[run.lowerBound].list ?? targetList
      let listKey = Naming.key(listName)
      if existing[listKey] == nil { existing[listKey] = .some(list(named: listName)?.id) }
      guard let id = existing[listKey] ?? nil, let list = lists[id: id] else { continue }
      // By index: a row taken out of the array is a copy of all its fields.
      for index in run where !list.knows(key: rows[index].nameKey) {
        throw .listNotLoaded(list.name)
      }
    }
    return existing.count
  }

  /// Creates the list `name` if missing and records that the import touched it.
  private mutating func touchList(
    named name: String, progress: inout ImportProgress, now: Date,
    environment: ShoppingEnvironment, effects: inout [PersistenceEffect]
  ) -> ShoppingList.ID {
    let listID: ShoppingList.ID
    if let list = list(named: name) {
      listID = list.id
    } else {
      let list = ShoppingList(id: environment.uuid(), name: name, createdAt: now)
      lists.append(list)
      progress.emptyLists.insert(list.id)
      effects.append(.insertList(id: list.id, name: list.name, createdAt: now))
      listID = list.id
    }
    if !progress.touchedLists.contains(listID) {
      progress.touchedLists.append(listID)
    }
    return listID
  }

  /// The file names a list: creates it if missing, and counts it as touched, so that replace
  /// mode empties it when no row names its items.
  mutating func importList(
    named rawName: String, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    guard var progress = importProgress, progress.summary == nil else {
      throw .noImportInProgress
    }
    let name = try Naming.name(rawName)
    var effects: [PersistenceEffect] = []
    _ = touchList(
      named: name, progress: &progress, now: environment.now(), environment: environment,
      effects: &effects
    )
    importProgress = progress
    return effects
  }

  /// Records that the list had no items when the import began (storage said so): the items
  /// the import adds to it are counted rather than kept by id.
  mutating func importListWasEmpty(_ listID: ShoppingList.ID) throws(ShoppingError) {
    guard var progress = importProgress, progress.summary == nil else {
      throw .noImportInProgress
    }
    importProgress = nil
    progress.emptyLists.insert(listID)
    importProgress = progress
  }

  /// Records what can be read of skipped rows: replace mode keeps the items they name, and
  /// removes nothing from a list a row naming nothing readable was going to.
  mutating func recordSkipped(_ rows: [SkippedImportRow]) throws(ShoppingError) {
    guard var progress = importProgress, progress.summary == nil else {
      throw .noImportInProgress
    }
    for row in rows {
      let listKey: NameKey
      switch row.list {
      case .target: listKey = Naming.key(progress.options.targetList)
      case let .named(name): listKey = Naming.key(name)
      case .unreadable:
        // Any list may have been meant: the ids and names still protect their items.
        if let id = row.id { progress.protectedIDs.insert(id) }
        if row.id == nil, row.name == nil { progress.unreadableRowsOfAnyList += 1 }
        if let name = row.name { progress.protectedKeysOfAnyList.insert(Naming.key(name)) }
        continue
      }
      if let id = row.id { progress.protectedIDs.insert(id) }
      if let name = row.name {
        progress.protectedKeys[listKey, default: []].insert(Naming.key(name))
      }
      if row.id == nil, row.name == nil { progress.unreadableRows[listKey, default: 0] += 1 }
    }
    importProgress = progress
  }

  /// Ends an import: in replace mode removes what the file did not name from the lists it
  /// touched (which must be loaded whole for that), then records the summary.
  mutating func finishImport() throws(ShoppingError) -> [PersistenceEffect] {
    guard var progress = importProgress, progress.summary == nil else {
      throw .noImportInProgress
    }
    var summary = ImportSummary(invalid: progress.rejectedCount)
    var effects: [PersistenceEffect] = []
    if progress.options.mode == .replace {
      for listID in progress.touchedLists {
        guard let list = lists[id: listID] else { continue }
        guard list.isLoaded else { throw .listNotLoaded(list.name) }
        let listKey = Naming.key(list.name)
        let unreadable =
          progress.unreadableRows[listKey, default: 0] + progress.unreadableRowsOfAnyList
        guard unreadable == 0 else {
          summary.withheld.append(.init(list: list.name, unreadableRows: unreadable))
          continue
        }
        var kept = progress.protectedIDs
        for key in progress.protectedKeys[listKey, default: []].union(
          progress.protectedKeysOfAnyList)
        {
          if let id = list.productID(forKey: key) { kept.insert(id) }
        }
        var removedNames: [String] = []
        let removed =
          lists[id: listID]?.removeProducts { product in
            guard !progress.wasNamed(product.id, in: listID), !kept.contains(product.id) else {
              return false
            }
            if summary.removedItems.count + removedNames.count < ImportSummary.removedItemsLimit {
              removedNames.append(product.name)
            }
            return true
          } ?? []
        summary.removedItems += removedNames.map { .init(name: $0, list: list.name) }
        if !removed.isEmpty {
          effects.append(.deleteProducts(removed))
          summary.removed += removed.count
        }
      }
    }
    summary.added = progress.addedCount
    summary.updated = progress.changed.count
    summary.unchanged = progress.named.count - progress.changed.count
    progress.summary = summary
    importProgress = progress
    return effects
  }
}

extension Array where Element == ImportRow {
  /// The ranges of consecutive rows that name the same list: an import finds each run's list
  /// once, in the core and in the importer alike.
  package var runsByList: [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = startIndex
    while start < endIndex {
      var end = start + 1
      while end < endIndex, self[end].list == self[start].list { end += 1 }
      runs.append(start..<end)
      start = end
    }
    return runs
  }
}
