/// What happened to, or was asked of, the whole set of lists.
public enum ShoppingAction: Equatable, Sendable {
  /// Create an empty list; a name another list has is refused.
  case createList(named: String)
  /// Delete a list; one that still has items needs `force`.
  case deleteList(ShoppingList.ID, force: Bool)
  /// End the import: remove what `--mode replace` removes and compute the summary.
  case finishImport
  /// The import file names a list, even one without rows: it is created if missing, and in
  /// replace mode what the file does not name is removed from it.
  case importListNamed(String)
  /// The import found a list it sends rows to without items when it began: every item the
  /// list holds until the import ends is one the import added.
  case importListWasEmpty(ShoppingList.ID)
  /// Restore what a backup holds beside its items (shops, lists' shops, the default list),
  /// once its rows are in: the lists it names exist by then. Needs the shops loaded.
  case importSettings(BackupSettings)
  /// Apply a batch of parsed import rows.
  case importRows([ImportRow])
  /// Rows of the import were skipped as invalid; what can be read of them still protects, in
  /// replace mode, the items they name.
  case importRowsSkipped([SkippedImportRow])
  /// Something for one list.
  case list(ShoppingList.ID, ShoppingListAction)
  /// Lists were read from storage into the state (no persistence work).
  case listsLoaded([ShoppingList])
  /// Make a list the one used when no list is named.
  case makeDefault(ShoppingList.ID)
  /// Move a list to a 1-based place among the lists (past the last: last).
  case moveList(ShoppingList.ID, toPosition: Int)
  /// Rename a list; a name another list has is refused.
  case renameList(ShoppingList.ID, to: String)
  /// Set the order in which categories are met in the shop named `shop`, made if there is
  /// none (a name close to an existing shop's is refused as its typo), or, with `nil`, in
  /// the default shop (made as ``Shop/upgradedShopName`` when there is no shop). An empty
  /// array forgets the order.
  case setAisles([String], shop: String?)
  /// Make a shop the one used by lists without a shop of their own.
  case makeDefaultShop(Shop.ID)
  /// Rename a shop; a name another shop has is refused.
  case renameShop(Shop.ID, to: String)
  /// Delete a shop: lists naming it fall back to the default shop, and when it was the
  /// default, the first shop left becomes the default.
  case deleteShop(Shop.ID)
  /// Name a list's usual shop, or, with `nil`, none.
  case setListShop(ShoppingList.ID, Shop.ID?)
  /// The shops were read from storage into the state (no persistence work).
  case shopsLoaded(Shops)
  /// Begin an import; rows follow in batches, then ``finishImport``.
  case startImport(ImportOptions)
}
