import Foundation
import IdentifiedCollections
import ShoppingCore
import ShoppingStorage

/// Reads shopping state from the database and executes the persistence effects of the core's
/// reducers, inside the transaction of `ShoppingDatabase/write(_:)` or
/// ``ShoppingDatabase/read(_:)`` that handed it out.
///
/// ```swift
/// try database.write { repository in
///   let state = try repository.loadState(loadingListsNamed: ["shopping"])
///   ...
/// }
/// ```
///
/// ## Confinement
/// A repository is valid only during the transaction that created it and only on that
/// transaction's thread. It is marked `Sendable` so that a `Composable/Store` can call it from
/// its executor, but every method checks both rules and throws
/// `DatabaseError/Reason/misuse` when either is broken, instead of touching the connection.
public final class ShoppingRepository: @unchecked Sendable {
  let connection: Connection
  private let isWritable: Bool
  private let thread = currentThreadIdentity()
  /// Written only by the owning thread; read by other threads only after `thread` has already
  /// refused them.
  private var isOpen = true
  /// The failure that made SQLite roll the whole transaction back, if any.
  private(set) var abortingError: DatabaseError?
  /// Values remembered between the rows of this transaction; see ``RecentValues``.
  var recent = RecentValues()
  /// What the effects executed so far changed and overwrote, in a write transaction: what its
  /// history entry records.
  public let recording: ChangeRecording?
  /// The database's list kept from an earlier write, if it has one (see ``LoadedListCache``).
  private let loadedLists: LoadedListCache?
  /// The list this write leaves whole, to keep once it commits (see ``keepLoaded(_:)``).
  private(set) var listToKeep: ShoppingList?

  init(connection: Connection, isWritable: Bool, loadedLists: LoadedListCache? = nil) {
    self.connection = connection
    self.isWritable = isWritable
    self.loadedLists = loadedLists
    recording = isWritable ? ChangeRecording() : nil
  }

  func close() {
    isOpen = false
  }

  /// Counts of the work done on the connection so far, for tests that check that a change
  /// touches only what it must.
  var statistics: Statistics {
    Statistics(
      statementsExecuted: connection.statementsExecuted, rowsChanged: connection.totalChanges,
      virtualMachineSteps: connection.virtualMachineSteps
    )
  }

  struct Statistics: Equatable {
    var statementsExecuted: Int
    var rowsChanged: Int
    /// SQLite's own count of the steps its statements took: grows with the rows they visit.
    var virtualMachineSteps = 0

    static func - (lhs: Self, rhs: Self) -> Self {
      Self(
        statementsExecuted: lhs.statementsExecuted - rhs.statementsExecuted,
        rowsChanged: lhs.rowsChanged - rhs.rowsChanged,
        virtualMachineSteps: lhs.virtualMachineSteps - rhs.virtualMachineSteps
      )
    }
  }

  func checkUsable(writing: Bool = false) throws(DatabaseError) {
    guard currentThreadIdentity() == thread else {
      throw misuse("a repository was used from a thread other than its transaction's")
    }
    guard isOpen else {
      throw misuse("a repository was used after its transaction ended")
    }
    if let abortingError { throw abortingError }
    guard !writing || isWritable else {
      throw misuse("a repository of a read transaction was asked to write")
    }
  }

  func abort(with error: DatabaseError) {
    abortingError = error
  }

  private func misuse(_ message: String) -> DatabaseError {
    DatabaseError(reason: .misuse, path: connection.path, message: message)
  }
}

// MARK: - Loading

extension ShoppingRepository {
  /// Loads every list, with the products of the lists named.
  ///
  /// Lists not named come as headers (`ShoppingList/isLoaded` `false`, no products), which is
  /// enough to rename them or to tell that a name is taken.
  ///
  /// ```swift
  /// let state = try repository.loadState(loadingListsNamed: ["shopping"])
  /// ```
  ///
  /// - Parameters:
  ///   - names: The lists to load fully, compared as `Naming/key(_:)` compares names.
  ///     Names of no list are ignored.
  ///   - loadingDefault: Whether to load the default list (`ShoppingCore/ShoppingState/defaultList`)
  ///     fully too.
  /// - Returns: The lists in their order, and which is the default.
  public func loadState(
    loadingListsNamed names: [String], loadingDefault: Bool
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    let keys = Set(names.map(Self.key))
    return try loadState { header, isDefault in
      (loadingDefault && isDefault) || keys.contains(Self.key(header.name))
    }
  }

  /// Every list, the lists with the ids `ids` loaded with their products.
  public func loadState(
    loadingLists ids: Set<ShoppingList.ID>
  ) throws(DatabaseError) -> ShoppingState {
    try checkUsable()
    return try loadState { header, _ in ids.contains(header.id) }
  }

  /// Loads the lists named, with their products, for `ShoppingAction/listsLoaded(_:)`.
  ///
  /// - Parameter names: The lists to load, compared as `Naming/key(_:)` compares names.
  ///   Names of no list are ignored.
  /// - Returns: The lists found, in their order.
  public func loadLists(named names: [String]) throws(DatabaseError) -> [ShoppingList] {
    try checkUsable()
    let keys = Set(names.map(Self.key))
    var lists: [ShoppingList] = []
    for header in try listHeaders().0 where keys.contains(Self.key(header.name)) {
      lists.append(try loaded(header))
    }
    return lists
  }

  /// Every list's name with its item and checked counts, without loading any product.
  ///
  /// - Returns: The summaries in the order the lists were created.
  public func listSummaries() throws(DatabaseError) -> [ListSummary] {
    try checkUsable()
    var summaries: [ListSummary] = []
    try connection.query(
      """
      SELECT list.id, list.name, list.createdAt,
        (SELECT count(*) FROM product WHERE product.listId = list.id),
        (SELECT count(*) FROM product WHERE product.listId = list.id AND product.isChecked),
        list.isDefault
      FROM list
      ORDER BY list.rowid
      """
    ) { row throws(DatabaseError) in
      summaries.append(
        ListSummary(
          id: try decodeID(row, 0, "list.id"),
          name: row.text(1),
          createdAt: try decodeDate(row, 2, "list.createdAt"),
          items: Int(row.integer(3)),
          checked: Int(row.integer(4)),
          isDefault: row.integer(5) != 0
        )
      )
    }
    let defaultID = ShoppingState.defaultListID(
      marked: summaries.first(where: \.isDefault)?.id, among: summaries.map { ($0.id, $0.name) })
    for index in summaries.indices { summaries[index].isDefault = summaries[index].id == defaultID }
    return summaries
  }

  /// Every list, loaded fully when `shouldLoad` says so of its header and whether it is the
  /// default list.
  func loadState(
    loading shouldLoad: (ShoppingList, _ isDefault: Bool) -> Bool
  ) throws(DatabaseError) -> ShoppingState {
    var (lists, marked) = try listHeaders()
    let defaultID = ShoppingState.defaultListID(
      marked: marked, among: lists.map { ($0.id, $0.name) })
    for (index, header) in lists.enumerated() where shouldLoad(header, header.id == defaultID) {
      lists[index] = try loaded(header)
    }
    return ShoppingState(
      lists: IdentifiedArray(uniqueElements: lists, id: ShoppingList.idPath), defaultListID: marked)
  }

  /// Every list's header in their order, and the list marked the default.
  private func listHeaders() throws(DatabaseError) -> ([ShoppingList], ShoppingList.ID?) {
    var headers: [ShoppingList] = []
    var marked: ShoppingList.ID?
    try connection.query(
      "SELECT id, name, createdAt, isDefault FROM list ORDER BY rowid"
    ) { row throws(DatabaseError) in
      let header = ShoppingList(
        id: try decodeID(row, 0, "list.id"),
        name: row.text(1),
        createdAt: try decodeDate(row, 2, "list.createdAt"),
        isLoaded: false
      )
      if row.integer(3) != 0 { marked = header.id }
      headers.append(header)
    }
    return (headers, marked)
  }

  /// The list `header` names (one of `loadState(loadingListsNamed:)`'s lists), with every
  /// product in order, without reading the lists again.
  ///
  /// - Parameter header: A list read in this transaction, loaded or not.
  public func loadList(_ header: ShoppingList) throws(DatabaseError) -> ShoppingList {
    try checkUsable()
    return try loaded(header)
  }

  private func loaded(_ header: ShoppingList) throws(DatabaseError) -> ShoppingList {
    if let loadedLists, loadedLists.isKeeping(header.id),
      let kept = loadedLists.list(for: header, at: try stamp())
    {
      return kept
    }
    var products: [Product] = []
    var keys: [NameKey] = []
    try connection.query(
      """
      SELECT \(Self.productColumns), nameKey FROM product
      WHERE listId = ? ORDER BY position, rowid
      """,
      [.id(header.id)]
    ) { row throws(DatabaseError) in
      products.append(try decodeProduct(row))
      keys.append(NameKey(stored: row.text(9)))
    }
    return ShoppingList(
      id: header.id,
      name: header.name,
      createdAt: header.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: products, id: Product.idPath),
      loading: .complete,
      productKeys: keys
    )
  }

  /// The database as this connection sees it now, for ``LoadedListCache``.
  func stamp() throws(DatabaseError) -> LoadedListCache.Stamp {
    LoadedListCache.Stamp(
      dataVersion: try connection.integer("PRAGMA data_version") ?? 0,
      rowsChanged: connection.totalChanges)
  }

  /// Remembers `list`, whole and as this write leaves it, for the database to keep once the
  /// write's work is done (see `LoadedListCache`). Ignored in a read transaction, and for a
  /// list not loaded whole.
  public func keepLoaded(_ list: ShoppingList) {
    guard isWritable, list.isLoaded, currentThreadIdentity() == thread, isOpen else { return }
    listToKeep = list
  }
}
