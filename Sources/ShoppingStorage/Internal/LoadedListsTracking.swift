import Composable
import Foundation
import ShoppingCore

/// Runs a reducer and proposes the lists the resulting state has loaded to ``LoadedLists``.
struct LoadedListsTracking<Base: Reducer & Sendable>: Reducer, Sendable
where
  Base.State == ShoppingState, Base.Action == ShoppingAction,
  Base.Effect == PersistenceEffect
{
  let base: Base
  let loadedLists: LoadedLists

  func reduce(
    into state: inout ShoppingState, action: ShoppingAction
  ) throws -> [PersistenceEffect] {
    let effects = try base.reduce(into: &state, action: action)
    var ids: [UUID] = []
    for list in state.lists where list.loading != .none {
      ids.append(list.id)
    }
    loadedLists.propose(ids)
    return effects
  }
}
