import ShoppingCore

/// Everything a database holds, as stored: its lists with their items and sort keys, the
/// default list, the shops with their orders, the items remembered, the members and the history with its
/// records. What a copy to
/// another engine reads in one snapshot and writes in one transaction.
///
/// ```swift
/// let contents = try source.read { try $0.storedContents() }
/// try target.write { try $0.insertStoredContents(contents) }
/// ```
public struct StoredContents: Sendable {
  /// Every list, in the order they were made (see `StorageTransaction/storedLists()`).
  public var lists: [(id: ShoppingList.ID, list: StoredList)]
  /// Every shop with its order, in their order (each list names its own in its `shopID`).
  public var shops: [(id: Shop.ID, shop: StoredShop)]
  /// The default shop, if any.
  public var defaultShop: Shop.ID?
  /// The items remembered (see `ShoppingCore/RememberedItem`).
  public var remembered: [RememberedItem]
  /// Every member, with their devices and invites.
  public var members: [StoredMember]
  /// Every history entry kept, oldest first, with its record whole.
  public var history: [(entry: HistoryEntry, change: ChangeRecord)]

  /// Contents made of these parts.
  public init(
    lists: [(id: ShoppingList.ID, list: StoredList)],
    shops: [(id: Shop.ID, shop: StoredShop)] = [], defaultShop: Shop.ID? = nil,
    remembered: [RememberedItem] = [], members: [StoredMember],
    history: [(entry: HistoryEntry, change: ChangeRecord)]
  ) {
    self.lists = lists
    self.shops = shops
    self.defaultShop = defaultShop
    self.remembered = remembered
    self.members = members
    self.history = history
  }
}

extension StorageTransaction {
  /// Everything this transaction's database holds, as stored.
  public func storedContents() throws -> StoredContents {
    let shops = try shops()
    return StoredContents(
      lists: try storedLists(),
      shops: try shops.all.compactMap { shop in try storedShop(shop.id).map { (shop.id, $0) } },
      defaultShop: shops.defaultID,
      remembered: try rememberedItems(named: nil), members: try storedMembers(),
      history: try historyRecords(try historyLinks().entries.map(\.id)))
  }

  /// Writes `contents` into this write transaction's database, which holds none of it yet:
  /// lists and items by the effects that put them back under their own sort keys (the same on
  /// every engine), members and history entries under their own numbers, hashes and marks.
  /// What it writes is not recorded as a change of its own: the history written is the whole
  /// of it, so undo goes on from where the contents' database was.
  public func insertStoredContents(_ contents: StoredContents) throws {
    try execute(
      contents.shops.map {
        .restoreShop(
          id: $0.id, name: $0.shop.name, aisles: $0.shop.aisles, position: $0.shop.position)
      } + (contents.defaultShop.map { [.setDefaultShop($0)] } ?? []))
    for (position, (id, list)) in contents.lists.enumerated() {
      try execute(
        [
          .restoreList(
            id: id, name: list.name, createdAt: list.createdAt,
            position: list.position ?? Int64(position + 1))
        ] + list.products.map { .restoreProduct($0.product, listID: id, position: $0.position) }
      )
    }
    if let marked = contents.lists.first(where: \.list.isDefault) {
      try execute([.setDefaultList(marked.id)])
    }
    try execute(
      contents.lists.compactMap { id, list in list.shopID.map { .setListShop(id, $0) } })
    try remember(contents.remembered)
    for member in contents.members { try insertStoredMember(member) }
    for (entry, change) in contents.history { try insertStoredHistory(entry, change: change) }
    restartRecording()
  }
}
