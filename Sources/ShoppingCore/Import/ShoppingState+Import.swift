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
    // Refuse the batch before changing anything if a row's list lacks what the row needs.
    var existing: [String: ShoppingList.ID?] = [:]
    for row in rows {
      let listName = row.list ?? progress.options.targetList
      let listKey = Naming.key(listName)
      if existing[listKey] == nil { existing[listKey] = .some(list(named: listName)?.id) }
      if let id = existing[listKey] ?? nil, let list = lists[id: id],
        !list.knows(key: Naming.key(row.name))
      {
        throw .listNotLoaded(list.name)
      }
    }
    // Take the progress out of the state while rows mutate it, so that neither copy is shared
    // and nothing is copied on write.
    importProgress = nil
    defer { importProgress = progress }

    let now = environment.now()
    var effects: [PersistenceEffect] = []
    effects.reserveCapacity(rows.count)
    var listIDs: [String: ShoppingList.ID] = [:]
    for row in rows {
      let listName = row.list ?? progress.options.targetList
      let listKey = Naming.key(listName)
      let listID: ShoppingList.ID
      if let known = listIDs[listKey] {
        listID = known
      } else if let list = list(named: listName) {
        listID = list.id
      } else {
        let list = ShoppingList(id: environment.uuid(), name: listName, createdAt: now)
        lists.append(list)
        effects.append(.insertList(id: list.id, name: list.name, createdAt: now))
        listID = list.id
      }
      if listIDs.updateValue(listID, forKey: listKey) == nil,
        !progress.touchedLists.contains(listID)
      {
        progress.touchedLists.append(listID)
      }
      // By position, not id: the id subscript moves the whole list out and back for every row.
      guard let index = lists.index(id: listID) else { continue }
      var row = row
      if let id = row.id, lists[index].products[id: id] == nil,
        lists.contains(where: { $0.products[id: id] != nil })
      {
        // Ids are unique across lists: one that belongs to an item of another list matches
        // nothing here, and keeping it for a new item would clash with that item.
        row.id = nil
      }
      do {
        if let effect = try lists[index].importRow(
          row, progress: &progress, now: now, environment: environment
        ) {
          effects.append(effect)
        }
      } catch {
        progress.reject(line: row.line, error: error)
      }
    }
    return effects
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
        let removed = lists[id: listID]?.removeProducts { !progress.wasNamed($0.id) } ?? []
        if !removed.isEmpty {
          effects.append(.deleteProducts(removed))
          summary.removed += removed.count
        }
      }
    }
    summary.added = progress.added.count
    summary.updated = progress.changed.count
    summary.unchanged = progress.named.count - progress.changed.count
    progress.summary = summary
    importProgress = progress
    return effects
  }
}

extension ShoppingList {
  /// Applies one import row to this list; `nil` when it changes nothing.
  mutating func importRow(
    _ row: ImportRow, progress: inout ImportProgress, now: Date,
    environment: ShoppingEnvironment
  ) throws(ShoppingError) -> PersistenceEffect? {
    let key = Naming.key(row.name)
    let matchedID = row.id.flatMap { products[id: $0]?.id } ?? productID(forKey: key)
    guard let id = matchedID, let index = products.index(id: id) else {
      var product = Product(id: row.id ?? environment.uuid(), name: row.name, addedAt: now)
      product.apply(row.changes)
      append(product)
      progress.added.insert(product.id)
      return .insertProduct(product, listID: self.id)
    }
    if let other = productID(forKey: key), other != id {
      throw .itemNameTaken(products[id: other]?.name ?? row.name, list: name)
    }
    let current = products[index]
    var updated = current
    updated.name = row.name
    updated.apply(row.changes)
    if !progress.added.contains(id) {
      progress.named.insert(id)
      // Until an item first changes, it is as it was before the import.
      let original = progress.originals[id] ?? current
      if updated.hasSameContent(as: original) {
        // Back to how it was before the import: so are its timestamps.
        updated.updatedAt = original.updatedAt
        progress.changed.remove(id)
      } else {
        if progress.originals[id] == nil { progress.originals[id] = current }
        progress.changed.insert(id)
        if !updated.hasSameContent(as: current) { updated.updatedAt = now }
      }
    } else if !updated.hasSameContent(as: current) {
      updated.updatedAt = now
    }
    guard updated != current else { return nil }
    if updated.name != current.name {
      setName(updated.name, ofProductAt: index)
    }
    products[index] = updated
    return .updateProduct(updated)
  }
}
