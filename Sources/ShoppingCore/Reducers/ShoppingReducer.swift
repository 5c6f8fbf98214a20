import Composable
import Foundation

/// The app's reducer: creating, renaming and deleting lists, importing rows, with
/// ``ShoppingListReducer`` composed in for actions addressed to one list.
///
/// ```swift
/// let store = Store(
///   initialState: ShoppingState(),
///   reducer: ShoppingReducer(environment: .live)
/// )
/// try store.send(.createList(named: "Weekend"))
/// ```
public struct ShoppingReducer: Reducer, Sendable {
  let environment: ShoppingEnvironment

  /// Creates the reducer.
  public init(environment: ShoppingEnvironment) {
    self.environment = environment
  }

  var body: some Reducer<ShoppingState, ShoppingAction, PersistenceEffect> {
    Reduce { [environment] state, action in
      try Self.reduceApp(&state, action: action, environment: environment)
    }
    .forEach(
      \.lists,
      action: { action in
        if case let .list(id, action) = action { (id, action) } else { nil }
      }
    ) {
      ShoppingListReducer(environment: environment)
    }
  }

  public func reduce(into state: inout ShoppingState, action: ShoppingAction) throws
    -> [PersistenceEffect]
  {
    try body.reduce(into: &state, action: action)
  }

  private static func reduceApp(
    _ state: inout ShoppingState, action: ShoppingAction, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    switch action {
    case let .createList(rawName):
      let name = try Naming.name(rawName)
      if let existing = state.list(named: name) { throw .listNameTaken(existing.name) }
      let list = ShoppingList(id: environment.uuid(), name: name, createdAt: environment.now())
      state.lists.append(list)
      return [.insertList(id: list.id, name: list.name, createdAt: list.createdAt)]

    case let .deleteList(id, force):
      guard let list = state.lists[id: id] else { throw .noSuchList(id.uuidString) }
      guard list.isLoaded else { throw .listNotLoaded(list.name) }
      if !force, !list.products.isEmpty {
        throw .listNotEmpty(list.name, items: list.products.count)
      }
      state.lists.remove(id: id)
      return [.deleteList(id)]

    case .finishImport:
      return try state.finishImport()

    case let .importListNamed(name):
      return try state.importList(named: name, environment: environment)

    case let .importRows(rows):
      return try state.importRows(rows, environment: environment)

    case let .importRowsSkipped(rows):
      try state.recordSkipped(rows)
      return []

    case .list:
      return []

    case let .listsLoaded(lists):
      for list in lists {
        state.lists.updateOrAppend(list)
      }
      return []

    case let .renameList(id, rawName):
      let name = try Naming.name(rawName)
      guard let list = state.lists[id: id] else { throw .noSuchList(id.uuidString) }
      if let existing = state.list(named: name), existing.id != id {
        throw .listNameTaken(existing.name)
      }
      guard list.name != name else { return [] }
      state.lists[id: id]?.name = name
      return [.renameList(id, to: name)]

    case let .startImport(options):
      state.importProgress = ImportProgress(options: options)
      return []
    }
  }
}
