import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite

/// Everything a command needs from the process: its options, environment, terminal, clock.
///
/// Commands build one with ``live(_:)`` and do their work through it, so the work itself does
/// not read process-global state.
struct CommandContext {
  let options: CommandSettings
  let environment: [String: String]
  let terminal: Terminal
  let shopping: ShoppingEnvironment

  static let defaultListName = "shopping"

  static func live(_ options: GlobalOptions) -> CommandContext {
    live(options.settings)
  }

  static func live(_ options: CommandSettings) -> CommandContext {
    let environment = ProcessInfo.processInfo.environment
    return CommandContext(
      options: options,
      environment: environment,
      terminal: .current(noColorOption: options.noColor, environment: environment),
      shopping: .live
    )
  }

  /// The target list's name: `--list`, then `$SHOPLIST_LIST`, then `shopping`.
  func targetListName() throws -> String {
    let raw =
      options.list ?? environment["SHOPLIST_LIST"].flatMap { $0.isEmpty ? nil : $0 }
      ?? Self.defaultListName
    return try Naming.name(raw)
  }

  /// The database file's path: `--db`, `$SHOPLIST_DB`, then the default places.
  func databasePath() throws -> String {
    try DatabaseLocation.path(option: options.db, environment: environment)
  }

  /// Opens the database; `access: .read` for commands that only read, which then work on a
  /// database this user may not write.
  func openDatabase(access: ShoppingDatabase.Access = .write) throws -> ShoppingDatabase {
    let path = try databasePath()
    let milliseconds = Int64((options.wait * 1000).rounded())
    return try ShoppingDatabase(
      path: path, busyTimeout: .milliseconds(milliseconds), access: access
    )
  }

  /// A store over `repository` holding every list by name and the lists `names` in full,
  /// traced to stderr with `--trace`.
  func makeStore(
    _ repository: ShoppingRepository, loadingListsNamed names: [String]
  ) throws -> Store<ShoppingState, ShoppingAction, PersistenceEffect> {
    repository.makeStore(
      initialState: try repository.loadState(loadingListsNamed: names),
      reducer: TracedIfAsked(base: ShoppingReducer(environment: shopping), trace: options.trace),
      trace: options.trace ? .escapedStandardError : nil
    )
  }

  /// What of the target list a command needs loaded.
  enum ListNeeds {
    /// Every item, in order, with these references resolved: for commands that reorder or
    /// change every item.
    case everything(references: [String] = [])
    /// Only the items these references and names pick: for single-item commands, whose cost
    /// must not grow with the list.
    case items(references: [String] = [], names: [String] = [])
  }

  /// Runs `body` in one write transaction on a store holding every list by name and as much
  /// of the target list as `needs` says, then prints the outcome: nothing with `--quiet`, the
  /// list document with `--json`, else the confirmation line `body` returns. Creates the target
  /// list first when the command may create it (or when it is the default list); rolls
  /// everything back if anything throws.
  func mutateTargetList(
    needs: ListNeeds,
    creatingIfMissing: Bool = false,
    _ body: (ListSession) throws -> String
  ) throws {
    let (confirmation, document) = try transact(
      needs: needs, creatingIfMissing: creatingIfMissing, body
    )
    if options.quiet { return }
    if let document {
      try Output.standardOutput(document)
    } else {
      try Output.lines(confirmation + "\n")
    }
  }

  /// The work of ``mutateTargetList(needs:creatingIfMissing:_:)`` without the printing:
  /// returns the confirmation, and the list document when `--json` asks for one.
  private func transact(
    needs: ListNeeds,
    creatingIfMissing: Bool,
    _ body: (ListSession) throws -> String
  ) throws -> (String, String?) {
    let name = try targetListName()
    let database = try openDatabase()
    return try database.write { repository in
      let loadsEverything = if case .everything = needs { true } else { false }
      let store = try makeStore(repository, loadingListsNamed: loadsEverything ? [name] : [])
      if store.state.list(named: name) == nil {
        guard creatingIfMissing || Naming.key(name) == Naming.key(Self.defaultListName) else {
          throw ShoppingError.noSuchList(name)
        }
        try store.send(.createList(named: name))
      }
      guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
      let resolved: [Product]
      switch needs {
      case let .everything(references):
        resolved = try ProductReference.resolve(references, in: list, listName: list.name)
      case let .items(references, names):
        resolved = try loadPart(
          of: list, references: references, names: names, repository: repository, store: store
        )
      }
      let session = ListSession(store: store, listID: list.id, resolved: resolved.map(\.id))
      let confirmation = try body(session)
      guard options.json, !options.quiet else { return (confirmation, nil as String?) }
      let current = try session.list
      let complete =
        current.isLoaded ? current : try repository.loadLists(named: [current.name]).first
      return (confirmation, complete.map { JSONWriter.listDocument($0) })
    }
  }

  /// Loads into `store` just the items `references` and `names` pick, found through the
  /// database's indexes; returns the referenced items in order.
  private func loadPart(
    of list: ShoppingList, references: [String], names: [String],
    repository: ShoppingRepository, store: Store<ShoppingState, ShoppingAction, PersistenceEffect>
  ) throws -> [Product] {
    if list.isLoaded {
      // A list created by this command is complete (and empty) already.
      return try ProductReference.resolve(references, in: list, listName: list.name)
    }
    let lookup = repository.productLookup(inList: list.id)
    let referenced = try ProductReference.resolve(references, in: lookup, listName: list.name)
    // A name that is invalid is left for the reducer to refuse with its proper message.
    let keys = names.compactMap { try? Naming.name($0) }.map(Naming.key)
    let part = try repository.partialList(list, keys: keys, ids: referenced.map(\.id))
    try store.send(.listsLoaded([part]))
    return referenced
  }

  /// Reads the target list in a read transaction, creating it first only if it is the default
  /// list and missing; reading never waits for writers.
  func readTargetList() throws -> ShoppingList {
    try readTargetList { repository, name in
      try repository.loadState(loadingListsNamed: [name]).list(named: name)
    }
  }

  /// Runs `read` on the target list's name in a read transaction, creating the list first if
  /// it is the default one and `read` finds nothing.
  func readTargetList<Result>(
    _ read: (ShoppingRepository, String) throws -> Result?
  ) throws -> Result {
    let name = try targetListName()
    let database = try openDatabase(access: .read)
    if let found = try database.read({ try read($0, name) }) { return found }
    guard Naming.key(name) == Naming.key(Self.defaultListName), !database.isReadOnly else {
      throw ShoppingError.noSuchList(name)
    }
    try ensureDefaultList(in: database)
    guard let created = try database.read({ try read($0, name) }) else {
      throw ShoppingError.noSuchList(name)
    }
    return created
  }

  /// Creates the default list if the database has none of that name: it exists as soon as
  /// anything looks for it.
  func ensureDefaultList(in database: ShoppingDatabase) throws {
    try database.write { repository in
      let store = try makeStore(repository, loadingListsNamed: [])
      if store.state.list(named: Self.defaultListName) == nil {
        try store.send(.createList(named: Self.defaultListName))
      }
    }
  }

  /// Prints an outcome that is not a list: nothing with `--quiet`, else `json` with `--json`,
  /// else `text`.
  func report(text: String, json: @autoclosure () -> String) throws {
    if options.quiet { return }
    if options.json {
      try Output.standardOutput(json())
    } else {
      try Output.lines(text + "\n")
    }
  }
}

/// A store focused on one list, for the commands that work on the target list.
struct ListSession {
  let store: Store<ShoppingState, ShoppingAction, PersistenceEffect>
  let listID: ShoppingList.ID
  /// The items the command's references picked, in the order given, each once.
  let resolved: [Product.ID]

  /// The list as last committed.
  var list: ShoppingList {
    get throws {
      guard let list = store.state.lists[id: listID] else {
        throw ShoppingError.noSuchList(listID.uuidString)
      }
      return list
    }
  }

  /// The one item a single-reference command picked.
  func onlyResolved() throws -> Product.ID {
    guard let id = resolved.first else { throw CommandError.usage("no item given") }
    return id
  }

  @discardableResult
  func send(_ action: ShoppingListAction) throws -> [PersistenceEffect] {
    try store.send(.list(listID, action))
  }
}

/// The app reducer, traced to stderr when `--trace` asks for it.
struct TracedIfAsked: Reducer, Sendable {
  let base: ShoppingReducer
  let trace: Bool

  func reduce(into state: inout ShoppingState, action: ShoppingAction) throws
    -> [PersistenceEffect]
  {
    trace
      ? try base.traced(to: .escapedStandardError).reduce(into: &state, action: action)
      : try base.reduce(into: &state, action: action)
  }
}

extension TraceOutput {
  /// Standard error, with what the traced values hold escaped for the terminal.
  static var escapedStandardError: Self {
    Self { text in TraceOutput.standardError.write(Output.escapingLines(text)) }
  }
}
