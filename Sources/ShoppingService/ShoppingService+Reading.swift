import ShoppingCore
import ShoppingStorage

// MARK: - Reading

extension ShoppingService {
  /// The list `name` (`nil`: the default list) with every item in order, read in one
  /// snapshot; reading never waits for writers. The default list is created first when
  /// missing, or, when the storage cannot be written, read as an empty list (see
  /// `ListLookup`); any other missing list is refused.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)`, or the database's error.
  public func list(named name: String?) throws -> ShoppingList {
    try readList(named: name) { repository, header in try repository.loadList(header) }
  }

  /// ``list(named:)`` with the number of the newest history entry when the list was read, from
  /// the same snapshot: the list as every change up to that entry left it. A client holding
  /// the list at that number holds it exactly as long as no later entry touches the list.
  public func versionedList(named name: String?) throws -> (list: ShoppingList, version: Int) {
    try readList(named: name) { repository, header in
      (try repository.loadList(header), try repository.newestHistoryID())
    }
  }

  /// A number that changes whenever anything is committed to the database, by anyone, or nil
  /// when the storage cannot tell without reading (see
  /// `ShoppingStorage/ShoppingStorage/changeStamp()`): while it stays the same, what was
  /// read still holds.
  public func changeStamp() -> Int? {
    storage.changeStamp()
  }

  /// The list `name`'s products in order, handed to `body` one at a time with their 1-based
  /// positions, without building the list in memory: for a long list streamed into an
  /// output.
  ///
  /// - Parameters:
  ///   - name: The list, or `nil` for the default list.
  ///   - start: Called first with the list's header (its name and creation; no products).
  ///   - body: Called with each product and its position.
  /// - Returns: The list's header.
  @discardableResult
  public func forEachProduct(
    ofListNamed name: String?, start: (ShoppingList) throws -> Void = { _ in },
    _ body: (Product, Int) throws -> Void
  ) throws -> ShoppingList {
    try readList(named: name) { repository, header in
      try start(header)
      var position = 0
      try repository.forEachProduct(inList: header.id) { product in
        position += 1
        try body(product, position)
      }
      return header
    }
  }

  /// Every list with its item and checked counts, in their order, the default
  /// one marked. Only lists that exist: a database that has never held a list or a change
  /// shows the default list "shopping" (made then, unless the database is read-only), but one
  /// whose lists were deleted shows none, so a deleted default list does not come back until
  /// a command needs it.
  public func listSummaries() throws -> [ListSummary] {
    let (summaries, newest) = try storage.read {
      (Self.withShops(try $0.listSummaries(), try $0.shops()), try $0.newestHistoryID())
    }
    guard summaries.isEmpty, newest == 0 else { return summaries }
    guard !storage.isReadOnly else {
      // Shown as it would be made, without writing.
      let unmade = try ListLookup.unmadeDefault(name: Self.defaultListName)
        .forReading(at: environment.now())
      return [
        ListSummary(
          id: unmade.id, name: unmade.name, createdAt: unmade.createdAt, items: 0, checked: 0,
          isDefault: true)
      ]
    }
    try createDefaultList()
    return try storage.read { try $0.listSummaries() }
  }

  /// Refuses `name`, a list someone named to write to, when it does not exist but is so close
  /// to one that does that it is probably a typo of it (`Lid` beside `Lidl`): the command
  /// would otherwise make a new list of the typo.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/mistypedList(_:nearest:)`.
  public func refuseMistypedList(named name: String) throws {
    let state = try storage.read { try $0.loadState(loadingListsNamed: []) }
    if let nearest = state.listMistyped(as: name) {
      throw ShoppingError.mistypedList(name, nearest: nearest)
    }
  }

  /// The name of the list used when no list is named.
  public func defaultListName() throws -> String {
    try storage.read { try $0.loadState(loadingListsNamed: []).defaultListName }
  }

  /// `summaries` with each list's shop named.
  static func withShops(_ summaries: [ListSummary], _ shops: Shops) -> [ListSummary] {
    guard !shops.ofList.isEmpty else { return summaries }
    return summaries.map { summary in
      var summary = summary
      summary.shop = shops.ofList[summary.id].flatMap { shops.all[id: $0]?.name }
      return summary
    }
  }

  /// Hands every list to `body`, whole, one at a time, in their order, from
  /// one consistent snapshot.
  public func forEachList(_ body: (ShoppingList) throws -> Void) throws {
    try storage.read { repository in
      for header in try repository.loadState(loadingListsNamed: []).lists {
        try body(try repository.loadList(header))
      }
    }
  }

  /// Runs `read` on the list `name` (its header: name and id) in a read transaction. The
  /// default list, when missing, is created first, or read as an empty list when the storage
  /// cannot be written; any other missing list is refused (see ``ListLookup``).
  func readList<Result>(
    named rawName: String?, _ read: (any StorageTransaction, ShoppingList) throws -> Result
  ) throws -> Result {
    let name = try rawName.map(Naming.name)
    let now = environment.now()
    func attempt() throws -> Result? {
      try storage.read { transaction -> Result? in
        let lookup = ListLookup(name, in: try transaction.loadState(loadingListsNamed: []))
        if case .unmadeDefault = lookup, !storage.isReadOnly { return nil }
        return try read(transaction, try lookup.forReading(at: now))
      }
    }
    if let found = try attempt() { return found }
    try createDefaultList()
    guard let created = try attempt() else { throw ShoppingError.noSuchList(Self.defaultListName) }
    return created
  }

  /// Creates the default list if the database has none of that name: it exists as soon as
  /// anything looks for it. Not a change anyone made, so no history entry records it (an undo
  /// works around such a list; see ``undo(_:label:by:)``).
  func createDefaultList() throws {
    try storage.write { transaction in
      let store = try stores.makeStore(transaction, loadingListsNamed: [])
      if store.state.list(named: Self.defaultListName) == nil {
        try store.send(.createList(named: Self.defaultListName))
      }
      transaction.restartRecording()
    }
  }
}
