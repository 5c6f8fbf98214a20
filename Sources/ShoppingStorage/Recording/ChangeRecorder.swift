import ShoppingCore

/// Storage's own rows as they are before an effect runs: what a ``ChangeRecorder`` reads, inside
/// the transaction executing the effects, to keep the earlier version of every row an effect is
/// about to change or remove.
///
/// Recording is storage's work, not the core's: the reducer never reads storage, and its
/// effects carry only what they set. What they overwrite — a removed item's sort key, a deleted
/// list's items, which may never have been loaded — is storage's to know, and each engine
/// answers these few lookups in its own terms.
public protocol StoredRows {
  /// The product with this id, with its list and sort key, if storage has it.
  func storedProduct(_ id: Product.ID) throws -> StoredProduct?
  /// The products with these ids that storage has, in any order: what a removal of many
  /// products keeps. The default reads them one by one.
  func storedProducts(_ ids: [Product.ID]) throws -> [StoredProduct]
  /// The list with this id, with all its products when `withProducts`, if storage has it.
  func storedList(_ id: ShoppingList.ID, withProducts: Bool) throws -> StoredList?
  /// The ids of the list's products, in list order.
  func storedOrder(ofList id: ShoppingList.ID) throws -> [Product.ID]
  /// The list made the default, if any.
  func storedDefaultList() throws -> ShoppingList.ID?
  /// Every list's id, in the lists' order.
  func storedListOrder() throws -> [ShoppingList.ID]
  /// The shop with this id, if storage has it.
  func storedShop(_ id: Shop.ID) throws -> StoredShop?
  /// The shop made the default, if any.
  func storedDefaultShop() throws -> Shop.ID?
}

extension StoredRows {
  public func storedProducts(_ ids: [Product.ID]) throws -> [StoredProduct] {
    var found: [StoredProduct] = []
    found.reserveCapacity(ids.count)
    for id in ids {
      if let stored = try storedProduct(id) { found.append(stored) }
    }
    return found
  }
}

/// Builds a `ChangeRecord` as effects are executed: called with each effect just before it
/// runs (after the effects before it ran), it keeps the earlier version of every row the
/// effect changes or removes (only the first time a row is touched: that is the version an
/// undo restores).
///
/// Effects run in batches that storage executes all or nothing: ``beginBatch()`` before one,
/// and ``endBatch(kept:)`` after, which forgets what the batch recorded when storage took it
/// back. The record grows in place, so recording a long run of batches costs what the batches
/// hold, not a copy of everything recorded before each one.
///
/// A large change need not be held whole: between batches, storage may take the record so far
/// as a part (``takePart(ifOver:)``) and write it away; what follows is recorded afresh, as a
/// part of its own (see `ShoppingCore/ChangeRecord/append(_:)`).
public struct ChangeRecorder: Sendable {
  /// What was recorded so far, since the last part taken.
  public private(set) var change = ChangeRecord()
  /// About how many bytes ``change`` takes encoded.
  public private(set) var size = 0
  /// How many parts were taken since the recorder began.
  public private(set) var partsTaken = 0
  /// What the parts taken did.
  private var takenSummary = ChangeSummary()
  /// What the open batch added or replaced, to take it out again.
  private var batch: Batch?

  /// The encoded size past which storage takes a part: a large change's record is held in
  /// memory about this much at a time.
  public static var partSize: Int { partSizeInTask }

  /// One mebibyte, unless the task runs under a smaller size: tests of large changes make
  /// changes of a few parts from thousands of items rather than tens of thousands.
  @TaskLocal package static var partSizeInTask = 1 << 20

  private struct Batch: Sendable {
    var stepCount: Int
    var size: Int
    var products: [Product.ID] = []
    var addedTo: [Product.ID] = []
    var orders: [ShoppingList.ID] = []
    var settings: [ChangeRecord.Setting] = []
    var shops: [Shop.ID] = []
    var listShops: [ShoppingList.ID] = []
    /// Each list entry the batch set, with the entry it replaced (`nil`: none).
    var lists: [(ShoppingList.ID, StoredList?)] = []
  }

  /// A recorder with nothing recorded.
  public init() {}

  /// Starts a batch of effects that storage executes all or nothing.
  public mutating func beginBatch() {
    batch = Batch(stepCount: change.steps.count, size: size)
  }

  /// What the change did so far, parts taken included: what its history entry says.
  public var summary: ChangeSummary {
    var summary = takenSummary
    summary.add(change)
    return summary
  }

  /// Takes the record so far as a part, when no batch is open and it is past `limit` bytes
  /// encoded: what follows is recorded as the next part, from the state storage holds now.
  public mutating func takePart(ifOver limit: Int = partSize) -> ChangeRecord? {
    guard batch == nil, size > limit, !change.isEmpty else { return nil }
    let part = change
    takenSummary.add(part)
    partsTaken += 1
    change = ChangeRecord()
    // A large change's parts are alike (an import's rows, part after part): the next one's
    // additions get their room at once, not through every size of the table on the way.
    change.addedTo.reserveCapacity(part.addedTo.count)
    size = 0
    return part
  }

  /// Ends the batch: keeps what it recorded when `kept`, or forgets it when storage took the
  /// batch back, leaving the record as it was at ``beginBatch()``.
  public mutating func endBatch(kept: Bool) {
    defer { batch = nil }
    guard !kept, let batch else { return }
    change.steps.removeSubrange(batch.stepCount...)
    size = batch.size
    for id in batch.products { change.products[id] = nil }
    for id in batch.addedTo { change.addedTo[id] = nil }
    for id in batch.orders { change.orders[id] = nil }
    for setting in batch.settings { change.settings[setting] = nil }
    for id in batch.shops { change.shops[id] = nil }
    for id in batch.listShops { change.listShops[id] = nil }
    for (id, earlier) in batch.lists.reversed() { change.lists[id] = earlier }
  }

  /// Records `effect`, about to run against `storage`.
  public mutating func record(
    _ effect: PersistenceEffect, before storage: some StoredRows
  ) throws {
    switch effect {
    case let .deleteList(id):
      if change.lists[id] == nil || change.lists[id]?.products.isEmpty == true {
        // A list deleted whole: its products too, whatever was recorded of them before.
        if var list = try storage.storedList(id, withProducts: true) {
          list.products = list.products.map { change.products[$0.product.id] ?? $0 }
          if let earlier = change.lists[id] { list.name = earlier.name }
          size += RecordSize.of(list)
          setList(id, list)
        }
      }
    case let .deleteProducts(ids):
      try keep(ids, storage)
    case let .insertProduct(product, listID), let .restoreProduct(product, listID, _):
      if change.addedTo.updateValue(listID, forKey: product.id) == nil {
        batch?.addedTo.append(product.id)
      }
    case .insertList, .restoreList:
      break
    case let .renameList(id, _):
      if change.lists[id] == nil, let list = try storage.storedList(id, withProducts: false) {
        size += RecordSize.of(list)
        setList(id, list)
      }
    case let .reorderProducts(listID, _):
      if change.orders[listID] == nil {
        let order = try storage.storedOrder(ofList: listID)
        size += RecordSize.id * (order.count + 1)
        change.orders[listID] = order
        batch?.orders.append(listID)
      }
    case let .updateProduct(product):
      try keep(product.id, storage)
    case .setDefaultList:
      if change.settings[.defaultList] == nil {
        change.settings[.defaultList] = .setDefaultList(try storage.storedDefaultList())
        batch?.settings.append(.defaultList)
      }
    case .setShopOrder:
      if change.settings[.shopOrder] == nil {
        let aisles = try storage.storedDefaultShop().flatMap { try storage.storedShop($0) }?.aisles
        change.settings[.shopOrder] = .setShopOrder(aisles ?? [])
        batch?.settings.append(.shopOrder)
      }
    case .insertShop, .restoreShop:
      break
    case let .deleteShop(id), let .renameShop(id, _), let .setAisles(id, _):
      try keepShop(id, storage)
    case .reorderLists:
      if change.settings[.listOrder] == nil {
        let order = try storage.storedListOrder()
        size += RecordSize.id * (order.count + 1)
        change.settings[.listOrder] = .reorderLists(order)
        batch?.settings.append(.listOrder)
      }
    case let .setDefaultShop(id):
      if change.settings[.defaultShop] == nil {
        change.settings[.defaultShop] = .setDefaultShop(try storage.storedDefaultShop())
        batch?.settings.append(.defaultShop)
      }
      try keepShop(id, storage)
    case let .setListShop(listID, shop):
      if change.listShops.index(forKey: listID) == nil,
        let list = try storage.storedList(listID, withProducts: false)
      {
        size += 2 * RecordSize.id
        change.listShops[listID] = .some(list.shopID)
        batch?.listShops.append(listID)
      }
      // The shop it names, for the entry's words.
      try keepShop(shop, storage)
    }
    let step = ChangeRecord.Step(effect)
    size += RecordSize.of(step)
    change.steps.append(step)
  }

  /// Keeps the stored versions of the products `ids` that the change neither added nor kept
  /// already, read from storage together (an undo of a large import removes every row it
  /// added, and reading them one statement each took a third of its time).
  private mutating func keep(_ ids: [Product.ID], _ storage: some StoredRows) throws {
    var wanted: [Product.ID] = []
    wanted.reserveCapacity(ids.count)
    for id in ids {
      if !change.addedTo.isEmpty, change.addedTo[id] != nil { continue }
      if !change.products.isEmpty, change.products[id] != nil { continue }
      wanted.append(id)
    }
    let stored = try storage.storedProducts(wanted)
    change.products.reserveCapacity(change.products.count + stored.count)
    for product in stored
    where change.products.updateValue(product, forKey: product.product.id) == nil {
      size += RecordSize.of(product)
      batch?.products.append(product.product.id)
    }
  }

  /// Keeps the stored version of the product `id` unless the change added it or kept it
  /// already. One hash of the id in the usual case (a large import's undo keeps every one of
  /// its rows): the change added nothing, and the product is new to the record.
  private mutating func keep(_ id: Product.ID, _ storage: some StoredRows) throws {
    if !change.addedTo.isEmpty, change.addedTo[id] != nil { return }
    guard let stored = try storage.storedProduct(id) else { return }
    if let first = change.products.updateValue(stored, forKey: id) {
      // Kept before: the first version is the one an undo restores.
      change.products[id] = first
    } else {
      size += RecordSize.of(stored)
      batch?.products.append(id)
    }
  }

  /// Keeps the stored version of the shop `id`, unless kept already.
  private mutating func keepShop(_ id: Shop.ID?, _ storage: some StoredRows) throws {
    guard let id, change.shops[id] == nil, let shop = try storage.storedShop(id) else { return }
    size += RecordSize.of(shop)
    change.shops[id] = shop
    batch?.shops.append(id)
  }

  private mutating func setList(_ id: ShoppingList.ID, _ list: StoredList) {
    batch?.lists.append((id, change.lists[id]))
    change.lists[id] = list
  }
}
