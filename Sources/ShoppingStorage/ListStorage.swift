import Foundation
import ShoppingCore

/// The lists and their items as one transaction reads and changes them.
///
/// Changes go only through ``EffectEngine/execute(_:)``, as the core's effect values: the
/// same effects mean the same change on every engine. While a write transaction runs, every
/// executed effect is recorded with what it overwrote (``EffectEngine/recordedChange``), for
/// the history: by the recording every engine shares (``EffectEngine``).
public protocol ListStorage: EffectEngine {
  /// Every list, the lists named loaded with their products, the others as headers
  /// (`ShoppingCore/ShoppingList/isLoaded` `false`).
  ///
  /// - Parameters:
  ///   - names: The lists to load fully, compared as `ShoppingCore/Naming/key(_:)` compares
  ///     names; names of no list are ignored.
  ///   - loadingDefault: Whether to load the default list fully too.
  func loadState(
    loadingListsNamed names: [String], loadingDefault: Bool
  ) throws(DatabaseError) -> ShoppingState

  /// Every list, the lists with the ids `ids` loaded with their products.
  func loadState(loadingLists ids: Set<ShoppingList.ID>) throws(DatabaseError) -> ShoppingState

  /// The list `header` names, with every product in order.
  func loadList(_ header: ShoppingList) throws(DatabaseError) -> ShoppingList

  /// The part of a list that the name keys `keys` and the ids `ids` pick, for
  /// `ShoppingCore/ShoppingAction/listsLoaded(_:)`; `absentKeys` are keys known to be in no
  /// item of it.
  func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID], absentKeys: Set<NameKey>
  ) throws(DatabaseError) -> ShoppingList

  /// Answers reference queries (a position, a name, a prefix) about one list without
  /// loading it.
  func productLookup(inList listID: ShoppingList.ID) -> any ProductLookup

  /// The names of a list's products, in list order.
  func productNames(inList listID: ShoppingList.ID) throws(DatabaseError) -> [String]

  /// Hands every product of a list to `body`, in list order, without building the list.
  func forEachProduct(inList listID: ShoppingList.ID, _ body: (Product) throws -> Void) throws

  /// The 1-based positions in list order of those of the products `ids` that the list holds:
  /// what an answer naming a few changed items says without loading the list. The default
  /// walks the list with ``forEachProduct(inList:_:)``; an engine may count along its order
  /// index instead.
  func positions(
    of ids: [Product.ID], inList listID: ShoppingList.ID
  ) throws(DatabaseError) -> [Product.ID: Int]

  /// Every list's name with its item and checked counts, in the order they were created, the
  /// default one marked.
  func listSummaries() throws(DatabaseError) -> [ListSummary]

  /// Every shop with its order, the default one, and each list's shop.
  func shops() throws(DatabaseError) -> Shops

  /// The items remembered under `keys`, or every one when `keys` is `nil`, in no particular
  /// order: see `ShoppingCore/RememberedItem`.
  func rememberedItems(named keys: Set<NameKey>?) throws(DatabaseError) -> [RememberedItem]

  /// Remembers `items`: for products leaving their lists, each one of them counted once
  /// (`RememberedItem.init(_:)`); for a copy, the items another database remembers. Each name
  /// (compared as names are) has its times summed with those remembered, and the fields of the
  /// most recently changed of them (the given one's on a tie).
  ///
  /// - Throws: ``DatabaseError/Reason/misuse`` in a read transaction.
  func remember(_ items: [RememberedItem]) throws(DatabaseError)

  /// Whether the list holds no item.
  func listIsEmpty(_ listID: ShoppingList.ID) throws(DatabaseError) -> Bool

  /// The list of each of the products `ids` that exist.
  func listsOfProducts(
    _ ids: some Collection<UUID>
  ) throws(DatabaseError) -> [UUID: ShoppingList.ID]

  /// Every list's id and name, for `ShoppingCore/RevertCheck`.
  func listNames() throws(DatabaseError) -> [StoredName]

  /// The items holding the name keys `keys` in each list, for `ShoppingCore/RevertCheck`.
  func itemNames(
    _ keys: [ShoppingList.ID: Set<NameKey>]
  ) throws(DatabaseError) -> [ShoppingList.ID: [StoredName]]

  /// Tells the storage that `list` is whole and as this write transaction leaves it, so that
  /// the storage may keep it, once the transaction commits, and hand it to the next
  /// transaction that loads the list without reading its items again, for as long as nothing
  /// changes the database meanwhile. A hint: the default ignores it.
  func keepLoaded(_ list: ShoppingList)
}

extension ListStorage {
  public func keepLoaded(_ list: ShoppingList) {}

  public func storedListOrder() throws -> [ShoppingList.ID] {
    try listNames().map(\.id)
  }

  public func positions(
    of ids: [Product.ID], inList listID: ShoppingList.ID
  ) throws(DatabaseError) -> [Product.ID: Int] {
    let wanted = Set(ids)
    var found: [Product.ID: Int] = [:]
    var position = 0
    do {
      try forEachProduct(inList: listID) { product in
        position += 1
        if wanted.contains(product.id) { found[product.id] = position }
      }
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw DatabaseError(reason: .other, path: "", message: "\(error)")
    }
    return found
  }

  /// Every list, the lists named loaded with their products.
  public func loadState(loadingListsNamed names: [String]) throws(DatabaseError) -> ShoppingState {
    try loadState(loadingListsNamed: names, loadingDefault: false)
  }

  /// The part of a list that the name keys `keys` and the ids `ids` pick.
  public func partialList(
    _ header: ShoppingList, keys: [NameKey], ids: [UUID]
  ) throws(DatabaseError) -> ShoppingList {
    try partialList(header, keys: keys, ids: ids, absentKeys: [])
  }
}
