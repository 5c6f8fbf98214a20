import Foundation
import ShoppingCore

/// What an import reads of the lists it writes to, inside the caller's transaction: the
/// storage the caller writes to answers it, so the importer itself knows no storage.
///
/// ```swift
/// let outcome = try importer.apply(&reader, to: store, lookup: lists)
/// ```
public protocol ImportLookup {
  /// Whether the list holds no item.
  func listIsEmpty(_ listID: ShoppingList.ID) throws -> Bool
  /// The list of each of the products `ids` that exist.
  func listsOfProducts(_ ids: some Collection<UUID>) throws -> [UUID: ShoppingList.ID]
  /// The list `header` names, with every product in order.
  func loadList(_ header: ShoppingList) throws -> ShoppingList
  /// The part of a list that the name keys `keys` and the ids `ids` pick; `absentKeys` are
  /// keys known to be in no item of it.
  func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID], absentKeys: Set<NameKey>
  ) throws -> ShoppingList
  /// Every shop, the default one and each list's shop: what a backup's settings change.
  func shops() throws -> Shops
}
