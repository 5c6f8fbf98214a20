import Foundation
import IdentifiedCollections
import ShoppingCore

/// A transaction of an ``InMemoryStorage``: a copy of its tables, which replaces the
/// storage's when a write transaction commits.
///
/// Valid only during the call that handed it out; later use fails with
/// ``DatabaseError/Reason/misuse``. `@unchecked Sendable`: a `Composable/Store`'s executor
/// may hold it, and it is used only during that call, by the transaction's thread.
public final class InMemoryTransaction: StorageTransaction, @unchecked Sendable {
  var tables: InMemoryTables
  let isWritable: Bool
  let location: String
  private var isOpen = true
  /// What the effects executed so far changed and overwrote, in a write transaction.
  public let recording: ChangeRecording?

  init(tables: InMemoryTables, isWritable: Bool, location: String) {
    self.tables = tables
    self.isWritable = isWritable
    self.location = location
    recording = isWritable ? ChangeRecording() : nil
  }

  func close() {
    isOpen = false
  }

  func checkUsable(writing: Bool = false) throws(DatabaseError) {
    guard isOpen else {
      throw misuse("a transaction was used after it ended")
    }
    guard !writing || isWritable else {
      throw misuse("a read transaction was asked to write")
    }
  }

  func misuse(_ message: String) -> DatabaseError {
    DatabaseError(reason: .misuse, path: location, message: message)
  }

  // MARK: - Loading

  public func loadState(
    loadingListsNamed names: [String], loadingDefault: Bool
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    let keys = Set(names.map(Self.key))
    let defaultID = self.defaultID
    return state { row in
      (loadingDefault && row.id == defaultID) || keys.contains(Self.key(row.name))
    }
  }

  public func loadState(
    loadingLists ids: Set<ShoppingList.ID>
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    return state { ids.contains($0.id) }
  }

  private func state(loading: (InMemoryTables.ListRow) -> Bool) -> ShoppingState {
    let lists = tables.orderedLists.map { loading($0) ? tables.loaded($0) : tables.header($0) }
    return ShoppingState(
      lists: IdentifiedArray(uniqueElements: lists, id: ShoppingList.idPath),
      defaultListID: tables.defaultList)
  }

  /// The list taken as the default: the one marked, else the one named "shopping".
  private var defaultID: ShoppingList.ID? {
    ShoppingState.defaultListID(
      marked: tables.defaultList, among: tables.orderedLists.map { ($0.id, $0.name) })
  }

  public func loadList(_ header: ShoppingList) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    guard let row = tables.lists[header.id] else {
      return ShoppingList(
        id: header.id, name: header.name, createdAt: header.createdAt, products: [],
        loading: .complete, productKeys: [])
    }
    return tables.loaded(row)
  }

  public func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID], absentKeys: Set<NameKey>
  ) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    let wantedKeys = Set(keys)
    let wantedIDs = Set(ids)
    let rows = tables.rows(ofList: header.id).filter {
      wantedIDs.contains($0.product.id) || wantedKeys.contains(Naming.key($0.product.name))
    }
    return ShoppingList(
      id: header.id, name: header.name, createdAt: header.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: rows.map(\.product), id: Product.idPath),
      loading: .partial(keys: absentKeys.union(keys)),
      productKeys: rows.map { Naming.key($0.product.name) })
  }

  public func productLookup(inList listID: ShoppingList.ID) -> any ProductLookup {
    LoadingProductLookup { [self] in
      try checkUsable()
      guard let row = tables.lists[listID] else {
        return ShoppingList(id: listID, name: "", createdAt: Date(timeIntervalSince1970: 0))
      }
      return tables.loaded(row)
    }
  }

  public func productNames(inList listID: ShoppingList.ID) throws(DatabaseError) -> [String] {
    try checkUsable()
    return tables.rows(ofList: listID).map(\.product.name)
  }

  public func forEachProduct(
    inList listID: ShoppingList.ID, _ body: (Product) throws -> Void
  ) throws {
    try checkUsable()
    for row in tables.rows(ofList: listID) { try body(row.product) }
  }

  public func listSummaries() throws(DatabaseError) -> [ListSummary] {
    try checkUsable()
    let defaultID = self.defaultID
    return tables.orderedLists.map { list in
      let rows = tables.rows(ofList: list.id)
      return ListSummary(
        id: list.id, name: list.name, createdAt: list.createdAt, items: rows.count,
        checked: rows.count(where: \.product.isChecked), isDefault: list.id == defaultID)
    }
  }

  public func shops() throws(DatabaseError) -> Shops {
    try checkUsable()
    var ofList: [ShoppingList.ID: Shop.ID] = [:]
    for row in tables.lists.values { ofList[row.id] = row.shopID }
    return Shops(
      tables.orderedShops.map {
        Shop(id: $0.id, name: $0.name, aisles: ShopOrder(validated: $0.aisles))
      }, defaultID: tables.defaultShop, ofList: ofList)
  }

  public func listIsEmpty(_ listID: ShoppingList.ID) throws(DatabaseError) -> Bool {
    try checkUsable()
    return !tables.products.values.contains { $0.listID == listID }
  }

  public func listsOfProducts(
    _ ids: some Collection<UUID>
  ) throws(DatabaseError) -> [UUID: ShoppingList.ID] {
    try checkUsable()
    var owners: [UUID: ShoppingList.ID] = [:]
    for id in ids {
      if let row = tables.products[id] { owners[id] = row.listID }
    }
    return owners
  }

  public func listNames() throws(DatabaseError) -> [StoredName] {
    try checkUsable()
    return tables.orderedLists.map { StoredName(id: $0.id, name: $0.name) }
  }

  public func itemNames(
    _ keys: [ShoppingList.ID: Set<NameKey>]
  ) throws(DatabaseError) -> [ShoppingList.ID: [StoredName]] {
    try checkUsable()
    var found: [ShoppingList.ID: [StoredName]] = [:]
    for (listID, listKeys) in keys where !listKeys.isEmpty {
      for row in tables.rows(ofList: listID)
      where listKeys.contains(Naming.key(row.product.name)) {
        found[listID, default: []].append(StoredName(id: row.product.id, name: row.product.name))
      }
    }
    return found
  }

  /// The key of a name as storage holds it.
  static func key(_ name: String) -> NameKey {
    Naming.key((try? Naming.name(name)) ?? name)
  }
}
