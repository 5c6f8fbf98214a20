import Foundation
import ShoppingCore

/// The default-list rule, in one place: which list a name (or no name) means, and what happens
/// when it is missing. The default list — the one marked, else the one named "shopping" —
/// exists as soon as any command needs it. A read transaction never writes: a read that finds
/// it unmade has it made by a write of its own first (so the list a script reads keeps its id
/// when items are added), or, when the storage cannot be written, shows it empty and makes
/// nothing. A change that needs it makes it in its own transaction. Any other missing list is
/// refused.
enum ListLookup {
  /// The list, as storage holds it (a header).
  case stored(ShoppingList)
  /// The default list, not made yet.
  case unmadeDefault(name: String)
  /// No such list.
  case missing(name: String)

  /// The list `requested` names (`nil`: the default list) among `state`'s lists.
  init(_ requested: String?, in state: ShoppingState) {
    let name = requested ?? state.defaultListName
    if let list = state.list(named: name) {
      self = .stored(list)
    } else if Self.isDefaultName(name) {
      self = .unmadeDefault(name: name)
    } else {
      self = .missing(name: name)
    }
  }

  /// Whether `name` is the name the default list has when none is marked.
  static func isDefaultName(_ name: String) -> Bool {
    NameKey(lookingUp: name) == NameKey(lookingUp: ShoppingState.fallbackDefaultListName)
  }

  /// The list a read shows: the stored one's header, or the unmade default list, empty.
  ///
  /// - Throws: ``ShoppingCore/ShoppingError/noSuchList(_:)`` for a missing list.
  func forReading(at now: Date) throws -> ShoppingList {
    switch self {
    case let .stored(list): list
    case .unmadeDefault:
      ShoppingList(
        id: Self.unmadeID, name: ShoppingState.fallbackDefaultListName, createdAt: now,
        products: [], isLoaded: true)
    case let .missing(name): throw ShoppingError.noSuchList(name)
    }
  }

  /// The id a read gives the unmade default list: no stored list has it.
  static let unmadeID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
