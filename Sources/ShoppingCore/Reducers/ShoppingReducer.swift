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
    // A function rather than the key path: see `forEach(in:action:element:)`.
    .forEach(
      in: { state, body in try body(&state.lists) },
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
      // Its shop goes with its row.
      state.shops?.ofList[id] = nil
      guard state.defaultListID == id else { return [.deleteList(id)] }
      // The list named "shopping" is the default again; an undo makes this one it again.
      state.defaultListID = nil
      return [.setDefaultList(nil), .deleteList(id)]

    case .finishImport:
      return try state.finishImport()

    case let .importSettings(settings):
      return try state.importSettings(settings, environment: environment)

    case let .importListNamed(name):
      return try state.importList(named: name, environment: environment)

    case let .importListWasEmpty(listID):
      try state.importListWasEmpty(listID)
      return []

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
      let wasDefault = state.defaultList?.id == id
      state.lists[id: id]?.name = name
      guard wasDefault, state.defaultListID != id else { return [.renameList(id, to: name)] }
      // The default list by its name alone: renamed, it stays the default by its id.
      state.defaultListID = id
      return [.renameList(id, to: name), .setDefaultList(id)]

    case let .moveList(id, position):
      guard position >= 1 else { throw .invalidPosition(position) }
      guard let from = state.lists.index(id: id) else { throw .noSuchList(id.uuidString) }
      let to = min(position, state.lists.count) - 1
      guard from != to else { return [] }
      let list = state.lists.remove(at: from)
      state.lists.insert(list, at: to)
      return [.reorderLists(state.lists.ids.elements)]

    case let .makeDefault(id):
      guard state.lists[id: id] != nil else { throw .noSuchList(id.uuidString) }
      guard state.defaultListID != id else { return [] }
      state.defaultListID = id
      return [.setDefaultList(id)]

    case let .setAisles(categories, shop):
      return try state.setAisles(categories, shop: shop, environment: environment)

    case let .makeDefaultShop(id):
      return try state.makeDefaultShop(id)

    case let .renameShop(id, name):
      return try state.renameShop(id, to: name)

    case let .deleteShop(id):
      return try state.deleteShop(id)

    case let .setListShop(listID, shopID):
      return try state.setListShop(listID, shopID)

    case let .shopsLoaded(shops):
      state.shops = shops
      return []

    case let .startImport(options):
      state.importProgress = ImportProgress(options: options)
      return []
    }
  }
}
