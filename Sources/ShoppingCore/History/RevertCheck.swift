import Foundation

/// Tells, before an undo or a redo runs, whether its effects fit the lists as they are now:
/// whether they would give an item a name another item of its list has now (or a list a
/// name another list has), or write to a list that is gone. Storage would refuse either
/// halfway; the check names the reason instead, and nothing is written.
///
/// It works on what storage says in two reads: every list's name, and the items of each list
/// holding the names the effects give (``itemNames``). Then it plays the effects through in
/// order, so that a name one effect frees (a removal, a rename) is free for the next.
///
/// ```swift
/// let check = RevertCheck(effects: inverse, undoing: change)
/// let holders = try storage.items(named: check.itemNames)   // what storage holds now
/// if let problem = check.firstProblem(lists: lists, items: holders) { throw … }
/// ```
public struct RevertCheck: Sendable {
  /// The effects to check.
  public let effects: [PersistenceEffect]
  /// The products as the change taken back found them: their lists.
  private let stored: [Product.ID: StoredProduct]
  /// The name each product the change updated has now: what it last wrote. An update that
  /// keeps its name's key cannot clash.
  private var nameNow: [Product.ID: String] = [:]

  /// A check of `effects`, the inverse of `change`.
  public init(effects: [PersistenceEffect], undoing change: ChangeRecord) {
    self.effects = effects
    stored = change.products
    guard effects.contains(where: { if case .updateProduct = $0 { true } else { false } }) else {
      return
    }
    for case let .executed(.updateProduct(product)) in change.steps {
      nameNow[product.id] = product.name
    }
  }

  /// The list of `product`, when updating it to this version gives it a name of another key
  /// than it has now (the name itself first: an undo of an import updates every row).
  fileprivate func listRenaming(_ product: Product) -> ShoppingList.ID? {
    guard let listID = stored[product.id]?.listID else { return nil }
    if let now = nameNow[product.id],
      now == product.name || Naming.key(now) == Naming.key(product.name)
    {
      return nil
    }
    return listID
  }

  /// The name keys the effects may give items, by list: whoever holds them now must be known.
  public var itemNames: [ShoppingList.ID: Set<NameKey>] {
    var names: [ShoppingList.ID: Set<NameKey>] = [:]
    for effect in effects {
      switch effect {
      case let .insertProduct(product, listID), let .restoreProduct(product, listID, _):
        names[listID, default: []].insert(Naming.key(product.name))
      case let .updateProduct(product):
        if let listID = listRenaming(product) {
          names[listID, default: []].insert(Naming.key(product.name))
        }
      default:
        break
      }
    }
    return names
  }

  /// Why the effects cannot run as the lists are now, if they cannot.
  ///
  /// - Parameters:
  ///   - lists: Every list storage has, with its name.
  ///   - items: For each list of ``itemNames``, the items holding those names now.
  ///   - shops: Every shop storage has, with its name.
  public func firstProblem(
    lists: [StoredName], items: [ShoppingList.ID: [StoredName]], shops: [StoredName] = []
  ) -> RevertProblem? {
    var world = NameWorld(lists: lists, items: items)
    for shop in shops { _ = world.shops.give(shop.id, shop.name) }
    for effect in effects {
      if let problem = world.apply(effect, check: self) { return problem }
    }
    return nil
  }
}

/// A list's or an item's id and name, as storage holds them.
public struct StoredName: Equatable, Sendable {
  /// The list's or the item's id.
  public var id: UUID
  /// Its name as stored.
  public var name: String

  /// Creates a stored name.
  public init(id: UUID, name: String) {
    self.id = id
    self.name = name
  }
}

/// Why an undo's or a redo's effects cannot run as the lists are now.
public enum RevertProblem: Equatable, Sendable, CustomStringConvertible {
  /// Another item of the list named `list` is named `name` now.
  case itemNameTaken(name: String, list: String)
  /// Another list is named `name` now.
  case listNameTaken(name: String)
  /// A list the effects write to, or mark the default, is gone.
  case listGone
  /// A list the effects bring back is there already, under the name `name`.
  case listThere(name: String)
  /// Another shop is named `name` now.
  case shopNameTaken(name: String)
  /// A shop the effects write to, or give a list, is gone.
  case shopGone

  public var description: String {
    switch self {
    case let .itemNameTaken(name, list):
      "another item of list \(DisplayText.quoted(list)) is named \(DisplayText.quoted(name)) "
        + "now; rename or remove it first"
    case let .listNameTaken(name):
      "another list is named \(DisplayText.quoted(name)) now; rename or delete it first"
    case .listGone:
      "a list it changes is gone"
    case let .listThere(name):
      "the list it brings back is there already, as \(DisplayText.quoted(name))"
    case let .shopNameTaken(name):
      "another shop is named \(DisplayText.quoted(name)) now; rename or delete it first"
    case .shopGone:
      "a shop it changes is gone"
    }
  }
}

/// The names held as the effects are played through: storage's, then each effect's.
private struct NameWorld {
  /// Each list there is, with its name.
  var lists = UniqueNames()
  /// For each list, the item holding each key asked about, by storage or an effect.
  var itemHolding: [ShoppingList.ID: [NameKey: Product.ID]] = [:]
  /// Where each item named so far is, and under which key; `nil` once removed.
  var itemPlace: [Product.ID: (list: ShoppingList.ID, key: NameKey)?] = [:]
  var itemNames: [Product.ID: String] = [:]
  /// Each shop there is, with its name.
  var shops = UniqueNames()

  init(lists stored: [StoredName], items: [ShoppingList.ID: [StoredName]]) {
    for list in stored { _ = lists.give(list.id, list.name) }
    for (listID, holders) in items {
      for holder in holders {
        let key = Naming.key(holder.name)
        itemHolding[listID, default: [:]][key] = holder.id
        itemPlace[holder.id] = (listID, key)
        itemNames[holder.id] = holder.name
      }
    }
  }

  /// The item holding `key` in the list, if one still does.
  func holder(of key: NameKey, in listID: ShoppingList.ID) -> Product.ID? {
    guard let id = itemHolding[listID]?[key], let place = itemPlace[id] ?? nil,
      place.list == listID, place.key == key
    else { return nil }
    return id
  }

  mutating func place(_ id: Product.ID, _ name: String, in listID: ShoppingList.ID) {
    let key = Naming.key(name)
    itemPlace[id] = (listID, key)
    itemHolding[listID, default: [:]][key] = id
    itemNames[id] = name
  }

  /// Plays `effect`; the reason it cannot run, if it cannot.
  mutating func apply(_ effect: PersistenceEffect, check: RevertCheck) -> RevertProblem? {
    switch effect {
    case let .insertProduct(product, listID), let .restoreProduct(product, listID, _):
      return give(product, listID)
    case let .updateProduct(product):
      guard let listID = check.listRenaming(product) else { return nil }
      return give(product, listID)
    case let .deleteProducts(ids):
      // Only an item holding a name asked about matters (an undo of an import removes every
      // row it added, and asks about none).
      guard !itemPlace.isEmpty else { break }
      for id in ids where itemPlace[id] != nil { itemPlace[id] = .some(nil) }
    case let .insertList(id, name, _), let .restoreList(id, name, _, _):
      if let there = lists[id] { return .listThere(name: there.name) }
      return lists.give(id, name).map { .listNameTaken(name: $0) }
    case let .renameList(id, name):
      guard lists[id] != nil else { return .listGone }
      return lists.give(id, name).map { .listNameTaken(name: $0) }
    case let .deleteList(id):
      guard lists.remove(id) else { return .listGone }
      // Its items go with it.
      for (_, holder) in itemHolding[id] ?? [:] { itemPlace[holder] = .some(nil) }
      itemHolding[id] = nil
    case let .reorderProducts(listID, _), let .setDefaultList(listID?):
      if lists[listID] == nil { return .listGone }
    case .setDefaultList(nil), .setShopOrder, .setDefaultShop(nil):
      break
    case let .insertShop(id, name), let .restoreShop(id, name, _, _):
      return shops.give(id, name).map { .shopNameTaken(name: $0) }
    case let .renameShop(id, name):
      guard shops[id] != nil else { return .shopGone }
      return shops.give(id, name).map { .shopNameTaken(name: $0) }
    case let .deleteShop(id):
      guard shops.remove(id) else { return .shopGone }
    case let .setAisles(id, _), let .setDefaultShop(id?):
      if shops[id] == nil { return .shopGone }
    case let .reorderLists(ids):
      if ids.contains(where: { lists[$0] == nil }) { return .listGone }
    case let .setListShop(listID, shop):
      if lists[listID] == nil { return .listGone }
      if let shop, shops[shop] == nil { return .shopGone }
    }
    return nil
  }

  private mutating func give(_ product: Product, _ listID: ShoppingList.ID) -> RevertProblem? {
    guard let list = lists[listID] else { return .listGone }
    let key = Naming.key(product.name)
    if let holder = holder(of: key, in: listID), holder != product.id {
      return .itemNameTaken(name: itemNames[holder] ?? product.name, list: list.name)
    }
    place(product.id, product.name, in: listID)
    return nil
  }
}

/// Names unique under normalised comparison, each held by one id: lists', or shops'.
private struct UniqueNames {
  private var named: [UUID: (name: String, key: NameKey)] = [:]
  private var holding: [NameKey: UUID] = [:]

  subscript(id: UUID) -> (name: String, key: NameKey)? { named[id] }

  /// Gives `id` the name `name`, freeing the one it had; the name of the other holder of
  /// its key, if another holds it (and then nothing changes).
  mutating func give(_ id: UUID, _ name: String) -> String? {
    let key = Naming.key(name)
    if let holder = holding[key], holder != id { return named[holder]?.name ?? name }
    if let old = named[id], holding[old.key] == id { holding[old.key] = nil }
    named[id] = (name, key)
    holding[key] = id
    return nil
  }

  /// Takes `id` away with its name; whether it was there.
  mutating func remove(_ id: UUID) -> Bool {
    guard let old = named.removeValue(forKey: id) else { return false }
    if holding[old.key] == id { holding[old.key] = nil }
    return true
  }
}
