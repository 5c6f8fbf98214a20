import Composable
import ShoppingCore
import ShoppingStorage
import Synchronization

/// The work every front end shares — the command line, the server, an embedding program — on
/// one shoplist database: each call opens one transaction, loads only what its intent needs,
/// resolves references with the core's pure functions, sends the actions through a `Store`
/// whose effects the database executes, and returns what changed.
///
/// ```swift
/// let database = try ShoppingDatabase(path: "/home/me/.local/share/shoplist/shoplist.sqlite")
/// let service = ShoppingService(storage: database)
/// let outcome = try service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
/// print(ListDocuments.list(outcome.list))
/// ```
///
/// The service talks to storage only through `ShoppingStorage/ShoppingStorage`: any
/// implementation given to ``init(storage:environment:trace:)`` — `ShoppingSQLite`'s
/// `ShoppingDatabase`, `ShoppingPostgres`' `PostgresStorage`, or an
/// `ShoppingStorage/InMemoryStorage`. It chooses no engine itself: `ShoppingEngines` opens
/// either by the path or URL a user gives, as the command line does.
///
/// A service is `Sendable`: its calls from several threads run one after another as its
/// storage orders them, and other processes are waited for as the storage's locks say.
public final class ShoppingService: Sendable {
  /// Where the service keeps the lists.
  public let storage: any ShoppingStorage
  /// The clock and the ids new lists and items get.
  public let environment: ShoppingEnvironment
  /// Where each action, state change, effect and timing is traced, if anywhere.
  let trace: TraceOutput?
  /// How many members this service removed: a server using it learns of those at once,
  /// whereas SQLite tells it of other connections' changes (see ``membershipStamp()``).
  let removals = Atomic<Int>(0)

  /// The list that exists as soon as anything looks for it, and the default list when no other
  /// is made the default.
  public static let defaultListName = ShoppingState.fallbackDefaultListName

  /// A service over open storage.
  ///
  /// ```swift
  /// let service = ShoppingService(storage: InMemoryStorage())
  /// ```
  ///
  /// - Parameters:
  ///   - storage: The storage.
  ///   - environment: The clock and ids (`ShoppingCore/ShoppingEnvironment/live` in
  ///     production, a deterministic one in tests).
  ///   - trace: Where to trace every action and the execution of its effects, if anywhere.
  public init(
    storage: any ShoppingStorage, environment: ShoppingEnvironment = .live,
    trace: TraceOutput? = nil
  ) {
    self.storage = storage
    self.environment = environment
    self.trace = trace
  }

  /// What migrating the database on opening changed that the user should hear of, to be told
  /// once (see `ShoppingStorage/ShoppingStorage/migrationNotices`).
  public var migrationNotices: [MigrationNotice] {
    storage.migrationNotices
  }

  /// The problems SQLite's integrity check finds in the database, one line each: empty when it
  /// is healthy. Reads every page, writes nothing; a server checks its database this way when
  /// it starts.
  ///
  /// ```swift
  /// let problems = try service.integrityProblems()
  /// guard problems.isEmpty else { throw Damaged(problems) }
  /// ```
  public func integrityProblems() throws(DatabaseError) -> [String] {
    try storage.integrityProblems()
  }

  /// Whether `name` is the default list's.
  public static func isDefaultList(_ name: String) -> Bool {
    ListLookup.isDefaultName(name)
  }

  // MARK: - Stores

  /// What makes this service's stores: its environment and trace, nothing else of it.
  var stores: StoreFactory { StoreFactory(environment: environment, trace: trace) }
}

/// Makes the stores a use case works through: the shopping reducer over a transaction's
/// state, with the environment and trace they all share. What an intent's ``ListSession`` is
/// given, rather than the service it came from.
struct StoreFactory: Sendable {
  let environment: ShoppingEnvironment
  let trace: TraceOutput?

  /// A store over `repository` holding every list by name and the lists `names` (and the
  /// default list, when `loadingDefault`) in full.
  func makeStore(
    _ repository: some StorageTransaction, loadingListsNamed names: [String],
    loadingDefault: Bool = false
  ) throws -> Store<ShoppingState, ShoppingAction, PersistenceEffect> {
    let reducer = ShoppingReducer(environment: environment)
    return repository.makeStore(
      initialState: try repository.loadState(
        loadingListsNamed: names, loadingDefault: loadingDefault),
      reducer: TracedReducer(base: reducer, trace: trace),
      trace: trace
    )
  }

  /// A store over `repository` holding every list by name and the list `name` in full (only
  /// by name unless `loaded`), and that list.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)` when no list has that name.
  func makeStore(
    _ repository: some StorageTransaction, holdingList name: String, loaded: Bool = true
  ) throws -> (store: Store<ShoppingState, ShoppingAction, PersistenceEffect>, list: ShoppingList) {
    let store = try makeStore(repository, loadingListsNamed: loaded ? [name] : [])
    guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
    return (store, list)
  }
}

extension StorageTransaction {
  /// Remembers `products`, which are leaving their lists (an intent removed them, or their
  /// list was deleted): for the next item of each name and for suggestions (see
  /// `ShoppingCore/RememberedItem`).
  func rememberLeaving(_ products: [Product]) throws {
    guard !products.isEmpty else { return }
    try remember(products.map(RememberedItem.init))
  }
}

/// The app reducer, traced when the service traces.
struct TracedReducer: Reducer, Sendable {
  let base: ShoppingReducer
  let trace: TraceOutput?

  func reduce(into state: inout ShoppingState, action: ShoppingAction) throws
    -> [PersistenceEffect]
  {
    if let trace {
      return try base.traced(to: trace).reduce(into: &state, action: action)
    }
    return try base.reduce(into: &state, action: action)
  }
}
