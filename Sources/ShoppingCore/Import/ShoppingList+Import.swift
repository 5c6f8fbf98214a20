import Foundation

extension ShoppingList {
  /// Applies a run of import rows to this list, in order; a row that cannot be applied is
  /// rejected and changes nothing.
  ///
  /// - Parameter ignoringIDs: Ids the rows give that belong to another list's item.
  mutating func importRows(
    _ rows: ArraySlice<ImportRow>, ignoringIDs: Set<UUID>?, progress: inout ImportProgress,
    now: Date, environment: ShoppingEnvironment, effects: inout [PersistenceEffect]
  ) {
    let wasEmpty = progress.emptyLists.contains(id)
    // Through the buffer, each row reaches `importRow` where it lies: an array's element is
    // handed out as a copy of all its fields.
    rows.withUnsafeBufferPointer { rows in
      for index in rows.indices {
        let ignoringID = rows[index].id.map { ignoringIDs?.contains($0) == true } ?? false
        do throws(ShoppingError) {
          if let effect = try importRow(
            rows[index], ignoringID: ignoringID, listWasEmpty: wasEmpty, progress: &progress,
            now: now, environment: environment
          ) {
            effects.append(effect)
          }
        } catch {
          progress.reject(line: rows[index].line, error: error)
        }
      }
    }
  }

  /// Applies one import row to this list; `nil` when it changes nothing.
  ///
  /// - Parameters:
  ///   - ignoringID: Whether to treat the row as if it gave no id (its id is another list's
  ///     item's).
  ///   - listWasEmpty: Whether this list had no items when the import began.
  private mutating func importRow(
    _ row: ImportRow, ignoringID: Bool, listWasEmpty: Bool, progress: inout ImportProgress,
    now: Date, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> PersistenceEffect? {
    let key = row.nameKey
    let rowID = ignoringID ? nil : row.id
    let matchedID = rowID.flatMap { products[id: $0]?.id } ?? productID(forKey: key)
    guard let id = matchedID, let index = products.index(id: id) else {
      let addedAt = row.addedAt ?? now
      var product = Product(
        id: rowID ?? environment.uuid(), name: row.name, addedAt: addedAt,
        updatedAt: row.updatedAt ?? addedAt
      )
      product.apply(row.changes)
      // No item has its id: the row's matched none, and a fresh one is fresh.
      appendNew(product, key: key)
      progress.recordAdded(product.id, toEmptyList: listWasEmpty)
      return .insertProduct(product, listID: self.id)
    }
    if let other = productID(forKey: key), other != id {
      // The row is rejected, but it named both items: replace mode keeps them.
      progress.protectedIDs.formUnion([id, other])
      throw .itemNameTaken(products[id: other]?.name ?? row.name, list: name)
    }
    let current = products[index]
    var updated = current
    updated.name = row.name
    updated.apply(row.changes)
    if !progress.wasAdded(id, toEmptyList: listWasEmpty) {
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
        // One import is one change, however many rows name the item: its time follows the
        // item as it was before the import.
        if !updated.hasSameContent(as: current) {
          updated.updatedAt = Timestamp.after(original.updatedAt, now: now)
        }
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
