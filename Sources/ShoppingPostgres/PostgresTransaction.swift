import Foundation
import IdentifiedCollections
import PostgresNIO
import ShoppingCore
import ShoppingStorage

/// One transaction on a PostgreSQL database: what ``PostgresStorage/write(_:)`` and
/// ``PostgresStorage/read(_:)`` hand their body. Usable only during that call, on its thread.
public final class PostgresTransaction: StorageTransaction, @unchecked Sendable {
  let session: Session
  let isWritable: Bool
  private var isOpen = true
  /// What the effects executed so far changed and overwrote, in a write transaction.
  public let recording: ChangeRecording?

  init(session: Session, isWritable: Bool) {
    self.session = session
    self.isWritable = isWritable
    recording = isWritable ? ChangeRecording() : nil
  }

  var location: String { session.location }

  func close() {
    isOpen = false
  }

  func checkUsable(writing: Bool = false) throws(DatabaseError) {
    guard isOpen else {
      throw DatabaseError(
        reason: .misuse, path: location, message: "a transaction was used after it ended")
    }
    guard !writing || isWritable else {
      throw DatabaseError(
        reason: .misuse, path: location, message: "a read transaction was asked to write")
    }
  }

  func corrupt(_ message: String) -> DatabaseError {
    DatabaseError(reason: .corrupt, path: location, message: message)
  }

  static func key(_ name: String) -> NameKey {
    Naming.key((try? Naming.name(name)) ?? name)
  }

  // MARK: - Loading

  /// Every list's header, in the order lists are shown, and the marked default list.
  func listRows() throws(DatabaseError) -> [(list: ShoppingList, position: Int64, marked: Bool)] {
    try session.query(
      "SELECT id, name, created_at, position, is_default FROM list ORDER BY position"
    ).map { row throws(DatabaseError) in
      (
        ShoppingList(
          id: try row.uuid(0), name: try row.text(1), createdAt: try row.date(2), isLoaded: false),
        try row.integer(3), try row.bool(4)
      )
    }
  }

  private func state(
    loading: (ShoppingList, _ isDefault: Bool) -> Bool
  ) throws(DatabaseError) -> ShoppingState {
    let rows = try listRows()
    let marked = rows.first(where: \.marked)?.list.id
    let defaultID = ShoppingState.defaultListID(
      marked: marked, among: rows.map { ($0.list.id, $0.list.name) })
    var lists: [ShoppingList] = []
    for row in rows {
      lists.append(
        loading(row.list, row.list.id == defaultID) ? try loadList(row.list) : row.list)
    }
    return ShoppingState(
      lists: IdentifiedArray(uniqueElements: lists, id: ShoppingList.idPath), defaultListID: marked)
  }

  public func loadState(
    loadingListsNamed names: [String], loadingDefault: Bool
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    let keys = Set(names.map(Self.key))
    return try state { list, isDefault in
      (loadingDefault && isDefault) || keys.contains(Self.key(list.name))
    }
  }

  public func loadState(
    loadingLists ids: Set<ShoppingList.ID>
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    return try state { list, _ in ids.contains(list.id) }
  }

  static let productColumns =
    "id, name, is_checked, quantity, unit, category, note, added_at, updated_at"

  func product(_ row: Row, from offset: Int = 0) throws(DatabaseError) -> Product {
    let text = try row.text(offset + 3)
    guard let quantity = try? Quantity(text) else {
      throw corrupt("invalid product.quantity \"\(text)\"")
    }
    return Product(
      id: try row.uuid(offset), name: try row.text(offset + 1),
      isChecked: try row.bool(offset + 2), quantity: quantity,
      unit: try row.optionalText(offset + 4), category: try row.optionalText(offset + 5),
      note: try row.optionalText(offset + 6), addedAt: try row.date(offset + 7),
      updatedAt: try row.preciseDate(offset + 8))
  }

  /// The products of a list in order, optionally only those `filter` (SQL on `product`) picks.
  func products(
    ofList id: ShoppingList.ID, where filter: String = "", _ binds: PostgresBindings? = nil
  ) throws(DatabaseError) -> [Product] {
    var bindings = binds ?? PostgresBindings()
    if binds == nil { bindings.append(id) }
    return try session.query(
      "SELECT \(Self.productColumns) FROM product WHERE list_id = $1 \(filter)"
        + " ORDER BY position, sequence",
      bindings
    ).map { row throws(DatabaseError) in try product(row) }
  }

  public func loadList(_ header: ShoppingList) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    let products = try products(ofList: header.id)
    return ShoppingList(
      id: header.id, name: header.name, createdAt: header.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: products, id: Product.idPath),
      loading: .complete,
      productKeys: products.map { Naming.key($0.name) })
  }

  public func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID], absentKeys: Set<NameKey>
  ) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(header.id)
    binds.append(keys.map(\.value))
    binds.append(ids)
    let products = try products(
      ofList: header.id, where: "AND (name_key = ANY($2) OR id = ANY($3))", binds)
    return ShoppingList(
      id: header.id, name: header.name, createdAt: header.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: products, id: Product.idPath),
      loading: .partial(keys: absentKeys.union(keys)),
      productKeys: products.map { Naming.key($0.name) })
  }

  public func productLookup(inList listID: ShoppingList.ID) -> any ProductLookup {
    PostgresProductLookup(transaction: self, listID: listID)
  }

  public func productNames(inList listID: ShoppingList.ID) throws(DatabaseError) -> [String] {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(listID)
    return try session.query(
      "SELECT name FROM product WHERE list_id = $1 ORDER BY position, sequence", binds
    ).map { row throws(DatabaseError) in try row.text(0) }
  }

  public func forEachProduct(
    inList listID: ShoppingList.ID, _ body: (Product) throws -> Void
  ) throws {
    try checkUsable()
    for product in try products(ofList: listID) { try body(product) }
  }

  public func listSummaries() throws(DatabaseError) -> [ListSummary] {
    try checkUsable()
    let rows = try session.query(
      """
      SELECT list.id, list.name, list.created_at, list.is_default,
        (SELECT count(*) FROM product WHERE product.list_id = list.id),
        (SELECT count(*) FROM product WHERE product.list_id = list.id AND product.is_checked)
      FROM list ORDER BY list.position
      """)
    var lists: [(UUID, String, Date, Bool, Int, Int)] = []
    for row in rows {
      lists.append(
        (
          try row.uuid(0), try row.text(1), try row.date(2), try row.bool(3),
          Int(try row.integer(4)), Int(try row.integer(5))
        ))
    }
    let defaultID = ShoppingState.defaultListID(
      marked: lists.first(where: \.3)?.0, among: lists.map { ($0.0, $0.1) })
    return lists.map {
      ListSummary(
        id: $0.0, name: $0.1, createdAt: $0.2, items: $0.4, checked: $0.5,
        isDefault: $0.0 == defaultID)
    }
  }

  public func listIsEmpty(_ listID: ShoppingList.ID) throws(DatabaseError) -> Bool {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(listID)
    return try session.query("SELECT 1 FROM product WHERE list_id = $1 LIMIT 1", binds).isEmpty
  }

  public func listsOfProducts(
    _ ids: some Collection<UUID>
  ) throws(DatabaseError) -> [UUID: ShoppingList.ID] {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(Array(ids))
    var owners: [UUID: ShoppingList.ID] = [:]
    for row in try session.query("SELECT id, list_id FROM product WHERE id = ANY($1)", binds) {
      owners[try row.uuid(0)] = try row.uuid(1)
    }
    return owners
  }

  public func listNames() throws(DatabaseError) -> [StoredName] {
    try checkUsable()
    return try session.query("SELECT id, name FROM list ORDER BY position").map {
      row throws(DatabaseError) in StoredName(id: try row.uuid(0), name: try row.text(1))
    }
  }

  public func itemNames(
    _ keys: [ShoppingList.ID: Set<NameKey>]
  ) throws(DatabaseError) -> [ShoppingList.ID: [StoredName]] {
    try checkUsable()
    var found: [ShoppingList.ID: [StoredName]] = [:]
    for (listID, listKeys) in keys where !listKeys.isEmpty {
      var binds = PostgresBindings()
      binds.append(listID)
      binds.append(listKeys.map(\.value))
      for row in try session.query(
        "SELECT id, name FROM product WHERE list_id = $1 AND name_key = ANY($2)", binds)
      {
        found[listID, default: []].append(
          StoredName(id: try row.uuid(0), name: try row.text(1)))
      }
    }
    return found
  }
}
