import Foundation
import IdentifiedCollections

/// The state of the whole app: the lists it knows, and the import in progress if any.
///
/// A command loads only what it needs: every list by name (cheap) and the products of the
/// lists it works on (see ``ShoppingList/isLoaded``).
public struct ShoppingState: Equatable, Sendable {
  /// The known lists, in their order (the order they were made in, unless moved).
  public internal(set) var lists: IdentifiedArrayOf<ShoppingList>
  /// The import being applied, or the last one finished.
  public internal(set) var importProgress: ImportProgress?
  /// The list made the default (``ShoppingAction/makeDefault(_:)``), if any: otherwise the
  /// list named ``fallbackDefaultListName`` is.
  public internal(set) var defaultListID: ShoppingList.ID?
  /// The shops with their orders and each list's shop, when loaded (they are needed only to
  /// sort in a shop's order and to change shops).
  public internal(set) var shops: Shops?

  /// The default list's name on a fresh database, and whenever the default list is deleted.
  public static let fallbackDefaultListName = "shopping"

  /// Creates a state.
  public init(
    lists: IdentifiedArrayOf<ShoppingList> = IdentifiedArray(id: ShoppingList.idPath),
    importProgress: ImportProgress? = nil,
    defaultListID: ShoppingList.ID? = nil, shops: Shops? = nil
  ) {
    self.lists = lists
    self.importProgress = importProgress
    self.defaultListID = defaultListID
    self.shops = shops
  }

  /// The list used when no list is named: the one made the default, else the one named
  /// ``fallbackDefaultListName``, if it exists.
  public var defaultList: ShoppingList? {
    Self.defaultListID(marked: defaultListID, among: lists.map { ($0.id, $0.name) })
      .flatMap { lists[id: $0] }
  }

  /// The rule of the default list, for lists read without building a state: the list marked
  /// the default if it is among `lists`, else the one named ``fallbackDefaultListName``.
  ///
  /// - Parameters:
  ///   - marked: The list marked the default, if any.
  ///   - lists: Each list's id and name.
  public static func defaultListID(
    marked: ShoppingList.ID?, among lists: [(id: ShoppingList.ID, name: String)]
  ) -> ShoppingList.ID? {
    let fallback = NameKey(lookingUp: fallbackDefaultListName)
    var named: ShoppingList.ID?
    for (id, name) in lists {
      if id == marked { return id }
      if named == nil, Naming.key(name) == fallback { named = id }
    }
    return named
  }

  /// The name of the list used when no list is named, whether it exists yet or not.
  public var defaultListName: String {
    defaultList?.name ?? Self.fallbackDefaultListName
  }

  /// The list with this name under normalised comparison, if any.
  public func list(named name: String) -> ShoppingList? {
    let key = NameKey(lookingUp: name)
    return lists.first { Naming.key($0.name) == key }
  }

  /// The existing list that `name`, the name of a list that does not exist, is probably a typo
  /// of (the rule of "did you mean"), if any: a list is not made for a name like that.
  public func listMistyped(as name: String) -> String? {
    guard list(named: name) == nil else { return nil }
    return Suggestion.nearest(to: name, among: lists.map(\.name))
  }
}
