import Composable
import ShoppingCore
import ShoppingStorage

/// One intent's work on one list, inside its write transaction: a store holding every list by
/// name and as much of this list as the intent needs, and the items its references picked.
final class ListSession {
  let store: Store<ShoppingState, ShoppingAction, PersistenceEffect>
  let listID: ShoppingList.ID
  /// The transaction's storage, for what the store does not hold.
  let repository: any StorageTransaction
  /// The items the references picked, in the order given, each once.
  let resolved: [Product.ID]
  /// Every effect sent so far.
  private(set) var effects: [PersistenceEffect] = []

  private init(
    store: Store<ShoppingState, ShoppingAction, PersistenceEffect>, listID: ShoppingList.ID,
    repository: any StorageTransaction, resolved: [Product.ID]
  ) {
    self.store = store
    self.listID = listID
    self.repository = repository
    self.resolved = resolved
  }

  /// Opens the list `name` (`nil`: the default list) for `plan`, creating it first when
  /// missing and allowed, or when it is the unmade default list (see ``ListLookup``).
  static func open(
    _ requested: String?, plan: LoadPlan, creatingIfMissing: Bool, stores: StoreFactory,
    repository: any StorageTransaction
  ) throws -> ListSession {
    let store = try stores.makeStore(
      repository, loadingListsNamed: plan.everything ? requested.map { [$0] } ?? [] : [],
      loadingDefault: plan.everything && requested == nil
    )
    var created: [PersistenceEffect] = []
    let name: String
    switch ListLookup(requested, in: store.state) {
    case let .stored(list):
      name = list.name
    case let .missing(missing) where !creatingIfMissing:
      throw ShoppingError.noSuchList(missing)
    case let .unmadeDefault(missing), let .missing(missing):
      // The default list is made by the first change that needs it, another list when the
      // intent may make one; but a name close to an existing list's is a typo, not a new list.
      if requested != nil, let nearest = store.state.listMistyped(as: missing) {
        throw ShoppingError.mistypedList(missing, nearest: nearest)
      }
      name = missing
      created = try store.send(.createList(named: missing))
    }
    if plan.shops {
      try store.send(.shopsLoaded(repository.shops()))
    }
    guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
    let resolved: [Product]
    if list.isLoaded {
      // Loaded whole (or created by this intent, empty and whole).
      resolved = try resolve(plan.references, in: list)
    } else {
      let byID: ShoppingList?
      (resolved, byID) = try resolve(plan.references, inStored: list, repository: repository)
      // A name that is invalid is left for the reducer to refuse with its proper message.
      let keys = plan.names.compactMap { try? Naming.name($0) }.map(Naming.key)
      let part: ShoppingList
      if keys.isEmpty, let byID, resolved.allSatisfy({ byID.products[id: $0.id] != nil }) {
        // Every item was named by its id, and that part of the list is read already.
        part = byID
      } else {
        part = try repository.partialList(list, keys: keys, ids: resolved.map { $0.id })
      }
      try store.send(.listsLoaded([part]))
    }
    let session = ListSession(
      store: store, listID: list.id, repository: repository, resolved: resolved.map { $0.id })
    session.effects = created
    return session
  }

  /// Resolves references in a loaded list.
  private static func resolve(
    _ references: [ItemReference], in list: ShoppingList
  ) throws -> [Product] {
    try suggestingNearest(names: { list.products.map { $0.name } }) {
      try resolve(references, lookup: list, listName: list.name) { list.products[id: $0] }
    }
  }

  /// Runs `resolve`; a reference that matches no item is reported with the name of the item
  /// nearest to it, if one is close (read from `names` only then).
  private static func suggestingNearest<Result>(
    names: () throws -> [String], _ resolve: () throws -> Result
  ) throws -> Result {
    do {
      return try resolve()
    } catch let ShoppingError.noSuchItem(reference, list, nil) {
      let nearest = Suggestion.nearest(to: reference, among: try names(), orLaterWord: true)
      throw ShoppingError.noSuchItem(reference, list: list, nearest: nearest)
    }
  }

  /// Resolves references against the stored list, through its indexes; also gives the part of
  /// the list read for the references by id, if any.
  private static func resolve(
    _ references: [ItemReference], inStored list: ShoppingList, repository: any StorageTransaction
  ) throws -> (products: [Product], byID: ShoppingList?) {
    let ids = references.compactMap { $0.id }
    let byID = ids.isEmpty ? nil : try repository.partialList(list, keys: [], ids: ids)
    let products = try suggestingNearest(names: { try repository.productNames(inList: list.id) }) {
      try resolve(
        references, lookup: repository.productLookup(inList: list.id), listName: list.name
      ) { byID?.products[id: $0] }
    }
    return (products, byID)
  }

  /// Resolves every reference, all or nothing, each item once in the order first named.
  private static func resolve(
    _ references: [ItemReference], lookup: some ProductLookup, listName: String,
    byID: (Product.ID) -> Product?
  ) throws -> [Product] {
    var typed = try ProductReference.resolveEach(
      references.compactMap { $0.typed }, in: lookup, listName: listName
    ).makeIterator()
    var found: [Product] = []
    var seen: Set<Product.ID> = []
    for reference in references {
      let product: Product?
      switch reference {
      case .typed: product = typed.next()
      case let .id(id):
        guard let item = byID(id) else {
          throw ShoppingError.noSuchItem(id.uuidString, list: listName)
        }
        product = item
      }
      if let product, seen.insert(product.id).inserted { found.append(product) }
    }
    return found
  }

  /// The list as last committed.
  var list: ShoppingList {
    get throws {
      guard let list = store.state.lists[id: listID] else {
        throw ShoppingError.noSuchList(listID.uuidString)
      }
      return list
    }
  }

  @discardableResult
  func send(_ action: ShoppingListAction) throws -> [PersistenceEffect] {
    let sent = try store.send(.list(listID, action))
    effects += sent
    return sent
  }
}

extension ItemReference {
  var typed: String? {
    if case let .typed(text) = self { text } else { nil }
  }

  var id: Product.ID? {
    if case let .id(id) = self { id } else { nil }
  }
}
