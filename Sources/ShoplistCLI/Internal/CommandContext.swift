import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite

/// Everything a command needs from the process: its options, environment, terminal, clock.
///
/// Commands build one with ``live(_:)`` and do their work through it, so the work itself does
/// not read process-global state.
struct CommandContext {
  let options: GlobalOptions
  let environment: [String: String]
  let terminal: Terminal
  let shopping: ShoppingEnvironment

  static let defaultListName = "shopping"

  static func live(_ options: GlobalOptions) -> CommandContext {
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
    let raw = options.list ?? environment["SHOPLIST_LIST"].flatMap { $0.isEmpty ? nil : $0 }
      ?? Self.defaultListName
    return try Naming.name(raw)
  }

  func openDatabase() throws -> ShoppingDatabase {
    let path = try DatabaseLocation.path(option: options.db, environment: environment)
    let milliseconds = Int64((options.wait * 1000).rounded())
    return try ShoppingDatabase(path: path, busyTimeout: .milliseconds(milliseconds))
  }

  /// A store over `repository` holding every list by name and the lists `names` in full,
  /// traced to stderr with `--trace`.
  func makeStore(
    _ repository: ShoppingRepository, loadingListsNamed names: [String]
  ) throws -> Store<ShoppingState, ShoppingAction, PersistenceEffect> {
    repository.makeStore(
      initialState: try repository.loadState(loadingListsNamed: names),
      reducer: TracedIfAsked(base: ShoppingReducer(environment: shopping), trace: options.trace),
      trace: options.trace ? .standardError : nil
    )
  }

  /// Opens the database and runs `body` in one write transaction on a store holding every list
  /// by name and the target list in full; creates the target list first when the command may
  /// create it (or when it is the default list). Rolls everything back if `body` throws.
  func withTargetList<Result>(
    creatingIfMissing: Bool,
    _ body: (ListSession) throws -> Result
  ) throws -> Result {
    let name = try targetListName()
    let database = try openDatabase()
    return try database.write { repository in
      let store = try makeStore(repository, loadingListsNamed: [name])
      if store.state.list(named: name) == nil {
        guard creatingIfMissing || Naming.key(name) == Naming.key(Self.defaultListName) else {
          throw ShoppingError.noSuchList(name)
        }
        try store.send(.createList(named: name))
      }
      guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
      return try body(ListSession(store: store, listID: list.id))
    }
  }

  /// Reads the target list in a read transaction, creating it first only if it is the default
  /// list and missing; reading never waits for writers.
  func readTargetList() throws -> ShoppingList {
    let name = try targetListName()
    let database = try openDatabase()
    let found = try database.read { repository in
      try repository.loadState(loadingListsNamed: [name]).list(named: name)
    }
    if let found { return found }
    guard Naming.key(name) == Naming.key(Self.defaultListName) else {
      throw ShoppingError.noSuchList(name)
    }
    return try withTargetList(creatingIfMissing: true) { try $0.list }
  }

  /// Prints a mutating command's outcome: nothing with `--quiet`, the list document with
  /// `--json`, else the confirmation line.
  func report(_ confirmation: String, list: ShoppingList) throws {
    if options.quiet { return }
    try Output.standardOutput(options.json ? JSONWriter.listDocument(list) : confirmation + "\n")
  }
}

/// A store focused on one list, for the commands that work on the target list.
struct ListSession {
  let store: Store<ShoppingState, ShoppingAction, PersistenceEffect>
  let listID: ShoppingList.ID

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
      ? try base.traced(to: .standardError).reduce(into: &state, action: action)
      : try base.reduce(into: &state, action: action)
  }
}
