import Foundation
import ShoppingCore
import ShoppingStorage
import ShoppingTransfer

/// A transaction's lists, as an import reads them.
struct TransactionImportLookup: ImportLookup {
  let transaction: any StorageTransaction

  func listIsEmpty(_ listID: ShoppingList.ID) throws -> Bool {
    try transaction.listIsEmpty(listID)
  }

  func listsOfProducts(_ ids: some Collection<UUID>) throws -> [UUID: ShoppingList.ID] {
    try transaction.listsOfProducts(ids)
  }

  func loadList(_ header: ShoppingList) throws -> ShoppingList {
    try transaction.loadList(header)
  }

  func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID], absentKeys: Set<NameKey>
  ) throws -> ShoppingList {
    try transaction.partialList(header, keys: keys, ids: ids, absentKeys: absentKeys)
  }

  func shops() throws -> Shops {
    try transaction.shops()
  }
}
